import type * as Leaflet from 'leaflet'
import {
  BASE_MAP_SHORT_ATTRIBUTION,
  baseMapUrl,
  bboxAround,
  type MapTiles,
} from '../../lib/tracking-map.ts'

/*
 * The tracking map, drawn with Leaflet (loaded by the tracking island only, on demand). Every
 * marker is a vector circle (no marker images, nothing inline for the CSP), labels are text nodes
 * (never HTML from data). Without a tile provider the base map is the worker's GeoJSON of postcode
 * dots and outcode labels, on a paper-coloured background: never a blank grey box.
 */

export interface MapPoint {
  lat: number
  lng: number
}

export interface MapPoints {
  store: MapPoint & { name: string }
  destination: MapPoint | null
  driver: MapPoint | null
  /** The driver's last position is older than a minute: drawn faded. */
  driverStale: boolean
}

/** The stylesheet Leaflet needs, served from public/vendor (added to the page once). */
const LEAFLET_CSS = '/vendor/leaflet-1.9.4.css'

const COLOURS = {
  store: '#166534',
  destination: '#1d4ed8',
  driver: '#ea580c',
  dot: '#9ca3af',
  route: '#ea580c',
} as const

type LeafletModule = typeof Leaflet

/** Leaflet is a UMD bundle: the build hands it over as the default export or as the namespace. */
async function loadLeaflet(): Promise<LeafletModule> {
  const loaded: LeafletModule & { default?: LeafletModule } = await import('leaflet')
  return loaded.default ?? loaded
}

function addStylesheet(): void {
  if (document.querySelector(`link[href="${LEAFLET_CSS}"]`)) return
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = LEAFLET_CSS
  document.head.append(link)
}

function textLabel(text: string, className: string): HTMLElement {
  const span = document.createElement('span')
  span.className = className
  span.textContent = text
  return span
}

/** A drawn tracking map: `update` moves its markers, `remove` takes it off the page. */
export interface TrackingMapHandle {
  update(points: MapPoints): void
  remove(): void
}

/** The base map's answer is checked, not cast: a FeatureCollection, or nothing is drawn. */
function isFeatureCollection(value: unknown): value is GeoJSON.FeatureCollection {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    value.type === 'FeatureCollection' &&
    'features' in value &&
    Array.isArray(value.features)
  )
}

function drawBaseMap(L: LeafletModule, map: Leaflet.Map, points: MapPoints): void {
  // A few km around store and door, so a wide screen or a zoom out still shows streets.
  const box = bboxAround([points.store, ...(points.destination ? [points.destination] : [])], 0.04)
  if (!box) return
  map.attributionControl.addAttribution(BASE_MAP_SHORT_ATTRIBUTION)
  void fetch(baseMapUrl(box))
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((geojson: unknown) => {
      if (!isFeatureCollection(geojson)) return
      const layer = L.geoJSON(geojson, {
        pointToLayer: (feature, at) => {
          const properties: unknown = feature.properties
          const label =
            properties && typeof properties === 'object' && 'label' in properties
              ? String(properties.label)
              : null
          if (label) {
            return L.marker(at, {
              interactive: false,
              keyboard: false,
              icon: L.divIcon({
                className: 'tracking-map-outcode',
                html: textLabel(label, 'tracking-map-outcode-text'),
                iconSize: [48, 20],
              }),
            })
          }
          return L.circleMarker(at, {
            radius: 1.6,
            stroke: false,
            fillColor: COLOURS.dot,
            fillOpacity: 0.8,
            interactive: false,
          })
        },
      })
      layer.addTo(map)
      layer.bringToBack()
    })
    .catch(() => {
      // The markers and the text still say everything; the background stays plain.
    })
}

/** Draws the map into `container` and answers a handle to move the driver. */
export async function drawTrackingMap(
  container: HTMLElement,
  tiles: MapTiles,
  initial: MapPoints
): Promise<TrackingMapHandle> {
  addStylesheet()
  const L = await loadLeaflet()
  // Canvas: a couple of thousand postcode dots stay smooth on a cheap phone.
  const map = L.map(container, { preferCanvas: true, zoomSnap: 0.5, scrollWheelZoom: false })
  map.setView([initial.store.lat, initial.store.lng], 15)
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>')
  if (tiles.url) {
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map)
  } else {
    drawBaseMap(L, map, initial)
  }

  const store = L.circleMarker([initial.store.lat, initial.store.lng], {
    radius: 9,
    color: '#ffffff',
    weight: 3,
    fillColor: COLOURS.store,
    fillOpacity: 1,
  })
    // Permanent: on a phone there is no hover, and the driver's marker starts on top of it.
    .bindTooltip(textLabel('Store', 'tracking-map-tip'), { direction: 'left', permanent: true })
    .addTo(map)
  const destination = initial.destination
    ? L.circleMarker([initial.destination.lat, initial.destination.lng], {
        radius: 9,
        color: '#ffffff',
        weight: 3,
        fillColor: COLOURS.destination,
        fillOpacity: 1,
      })
        .bindTooltip(textLabel('You', 'tracking-map-tip'), { direction: 'right', permanent: true })
        .addTo(map)
    : null
  const route = L.polyline([], {
    color: COLOURS.route,
    weight: 3,
    dashArray: '6 8',
    interactive: false,
  }).addTo(map)
  let driver: Leaflet.CircleMarker | null = null

  // Store, door and driver in view, with room for the labels; again when the phone turns.
  const fit = () => {
    const around = [store.getLatLng(), ...(destination ? [destination.getLatLng()] : [])]
    if (driver) around.push(driver.getLatLng())
    if (around.length > 1) map.fitBounds(L.latLngBounds(around), { padding: [56, 56], maxZoom: 16 })
    else map.setView(store.getLatLng(), 15)
  }

  const update = (points: MapPoints) => {
    if (points.driver) {
      const at: Leaflet.LatLngTuple = [points.driver.lat, points.driver.lng]
      driver ??= L.circleMarker(at, {
        radius: 11,
        color: '#ffffff',
        weight: 3,
        fillColor: COLOURS.driver,
        fillOpacity: 1,
      })
        .bindTooltip(textLabel('Your driver', 'tracking-map-tip'), { direction: 'top' })
        .addTo(map)
      driver.setLatLng(at)
      driver.setStyle({ fillOpacity: points.driverStale ? 0.45 : 1 })
      container.dataset.driver = `${points.driver.lat.toFixed(5)},${points.driver.lng.toFixed(5)}`
      route.setLatLngs(
        points.destination ? [at, [points.destination.lat, points.destination.lng]] : []
      )
      if (!map.getBounds().pad(-0.1).contains(at)) fit()
    } else if (driver) {
      driver.remove()
      driver = null
      route.setLatLngs([])
      delete container.dataset.driver
    }
  }

  update(initial)
  fit()
  map.on('resize', fit)
  return { update, remove: () => map.remove() }
}
