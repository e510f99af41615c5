import { useCallback, useEffect, useRef, useState } from 'react'
import { formatMessage } from '../../schemas/messages.ts'
import {
  BOARD_PING,
  BoardServerMessageSchema,
  type BoardServerMessage,
} from '../../schemas/live.ts'
import { StoreOrderBoardSchema, type StoreOrderBoard } from '../../schemas/store-orders.ts'
import { BoardList } from '../components/store-console/BoardList.tsx'
import { ApiRequestError, postJsonAs } from '../lib/api.ts'
import type { IslandProps } from '../components/Island.tsx'

export interface StoreBoardProps extends IslandProps {
  board: StoreOrderBoard
  orderHref: string
  /** The console's proxy for the board call (POST, same origin). */
  boardApi: string
  /** The board's WebSocket path (same origin). */
  livePath: string
}

// How often the chime repeats while an order waits, and how often the board checks the time.
const CHIME_REPEAT_MS = 30_000
const OVERDUE_TICK_MS = 15_000

/** A short two-note chime through Web Audio (no file to load, nothing third-party). */
function chime(context: AudioContext): void {
  const start = context.currentTime
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.frequency.value = frequency
    gain.gain.setValueAtTime(0.0001, start + offset)
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.4)
    oscillator.connect(gain).connect(context.destination)
    oscillator.start(start + offset)
    oscillator.stop(start + offset + 0.45)
  }
}

/** The board's message, or null for anything else (the runtime's pong, a newer message type). */
function boardMessage(data: unknown): BoardServerMessage | null {
  try {
    const parsed = BoardServerMessageSchema.safeParse(JSON.parse(String(data)))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

// An idle socket is closed by proxies after a minute or so: a ping every 30 s keeps it open (the
// runtime answers it without waking the board's Durable Object).
const PING_EVERY_MS = 30_000

/**
 * The live board: opens the store's WebSocket and reloads the list from the API on each event
 * (the event only says something changed; the API says what the caller may see). A new order
 * raises a banner (role=alert) and, once staff turned sound on (browsers block audio until a
 * gesture), a chime, repeated every 30 s while an order waits to be accepted. The socket
 * reconnects with a growing wait after it drops.
 */
export function StoreBoard({ board: initial, orderHref, boardApi, livePath }: StoreBoardProps) {
  const [board, setBoard] = useState(initial)
  const [banner, setBanner] = useState<string | null>(null)
  const [soundOn, setSoundOn] = useState(false)
  const [connected, setConnected] = useState(false)
  const audio = useRef<AudioContext | null>(null)
  const known = useRef(new Set(initial.orders.map((order) => order.orderId)))

  const reload = useCallback(async () => {
    let latest: StoreOrderBoard
    try {
      latest = await postJsonAs(boardApi, { storeId: initial.storeId }, StoreOrderBoardSchema)
    } catch (error) {
      // The staff session lapsed: the page renews it (the console's proxy never refreshes).
      if (error instanceof ApiRequestError && error.status === 401) window.location.reload()
      // Otherwise the list stays as it was; the next event or reconnect loads it again.
      return
    }
    const fresh = latest.orders.filter((order) => !known.current.has(order.orderId))
    for (const order of latest.orders) known.current.add(order.orderId)
    const newest = fresh.find((order) => order.status === 'sent_to_store')
    if (newest) {
      setBanner(formatMessage('storeNewOrder', newest.orderNumber))
      if (audio.current) chime(audio.current)
    }
    setBoard(latest)
  }, [boardApi, initial.storeId])

  useEffect(() => {
    let socket: WebSocket | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let ping: ReturnType<typeof setInterval> | undefined
    let wait = 1000
    let stopped = false
    // The last event seen: after a reconnect the board sends what came after it.
    let seq: number | null = null
    const open = () => {
      const url = new URL(livePath, window.location.href)
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
      const current = new WebSocket(url)
      socket = current
      current.onopen = () => {
        wait = 1000
        setConnected(true)
        if (seq !== null) current.send(JSON.stringify({ type: 'since', seq }))
        ping = setInterval(() => current.send(BOARD_PING), PING_EVERY_MS)
      }
      current.onmessage = (message) => {
        const said = boardMessage(message.data)
        if (!said) return
        if (said.type === 'hello') {
          // First connection: the server-rendered list is current; later ones catch up by seq.
          seq ??= said.seq
          return
        }
        seq = said.seq
        if (said.type === 'event' || said.type === 'reload') void reload()
      }
      current.onclose = () => {
        setConnected(false)
        clearInterval(ping)
        if (stopped) return
        retry = setTimeout(open, wait)
        wait = Math.min(wait * 2, 30_000)
      }
    }
    open()
    return () => {
      stopped = true
      clearTimeout(retry)
      clearInterval(ping)
      socket?.close()
    }
  }, [livePath, reload])

  // A new order chimes until someone accepts it: one chime is easy to miss in a busy shop.
  const waiting = board.orders.some((order) => order.status === 'sent_to_store')
  useEffect(() => {
    if (!soundOn || !waiting) return
    const repeat = setInterval(() => {
      if (audio.current) chime(audio.current)
    }, CHIME_REPEAT_MS)
    return () => clearInterval(repeat)
  }, [soundOn, waiting])

  // The board's "Waiting too long" follows the clock, not only the next event.
  useEffect(() => {
    if (!waiting) return
    const tick = setInterval(
      () => setBoard((current) => ({ ...current, at: new Date().toISOString() })),
      OVERDUE_TICK_MS
    )
    return () => clearInterval(tick)
  }, [waiting])

  const toggleSound = () => {
    if (!soundOn) {
      audio.current ??= new AudioContext()
      void audio.current.resume()
      chime(audio.current)
    }
    setSoundOn(!soundOn)
    if (soundOn) audio.current = null
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-pressed={soundOn}
          onClick={toggleSound}
          className="min-h-11 rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary"
        >
          {soundOn ? 'Sound on' : 'Turn sound on'}
        </button>
        <span role="status" className="text-sm text-ink/80">
          {connected ? 'Live: new orders appear here' : 'Connecting to live updates…'}
        </span>
      </div>
      {banner ? (
        <div
          role="alert"
          className="mb-4 flex items-center justify-between gap-3 rounded-xl bg-amber-100 p-3 font-bold text-amber-950 ring-2 ring-amber-600"
        >
          <span>{banner}</span>
          <button
            type="button"
            onClick={() => setBanner(null)}
            className="min-h-11 rounded-lg px-3 underline"
          >
            Dismiss
          </button>
        </div>
      ) : null}
      <BoardList board={board} orderHref={orderHref} />
    </div>
  )
}
