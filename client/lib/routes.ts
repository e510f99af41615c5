/**
 * Every page route of spec §2 by its route name, with its path pattern (Hono syntax: `:param`,
 * `:param?` for an optional one). Where the spec shows no path, the path follows the route name.
 * Links are built only with {@link routePath} so a path changes in one place.
 */
export const ROUTE_PATHS = {
  // General
  index: '/',
  faq: '/faqs',
  contact: '/contact',
  login: '/login',
  register: '/register',
  'forgotten-password': '/forgotten-password',
  'forgotten-password-set': '/forgotten-password/set',
  referrer: '/referrer',
  tv: '/tv',
  'store-all': '/stores',
  'stores-near-by': '/stores-near-by/:postcode?',
  // Member
  member: '/member',
  'member-orders': '/member/orders',
  'member-orders-orderId': '/member/orders/:orderId',
  'member-addresses': '/member/addresses',
  'member-my-details': '/member/my-details',
  'member-profile': '/member/profile',
  'member-cards': '/member/cards',
  'member-loyalty': '/member/loyalty',
  'member-change-password': '/member/change-password',
  'member-reset-token-token': '/member/reset-token/:token',
  // Store
  'stores-storeSlug': '/stores/:storeSlug',
  'stores-storeSlug-time-slots': '/stores/:storeSlug/time-slots',
  'stores-storeSlug-time-slots-calendar': '/stores/:storeSlug/time-slots/calendar',
  'stores-storeSlug-search-searchTerm': '/stores/:storeSlug/search/:searchTerm',
  'stores-storeSlug-search-searchTerm-deals': '/stores/:storeSlug/search/:searchTerm/deals',
  'stores-storeSlug-search-searchTerm-categories':
    '/stores/:storeSlug/search/:searchTerm/categories',
  'stores-storeSlug-search-searchTerm-menu-items':
    '/stores/:storeSlug/search/:searchTerm/menu-items',
  'stores-storeSlug-category-categorySlug': '/stores/:storeSlug/category/:categorySlug',
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug':
    '/stores/:storeSlug/category/:categorySlug/:menuItemSlug',
  'stores-storeSlug-deals': '/stores/:storeSlug/deals',
  'stores-storeSlug-deal-dealSlug': '/stores/:storeSlug/deal/:dealSlug',
  'stores-storeSlug-banner-bannerSlug': '/stores/:storeSlug/banner/:bannerSlug',
  // A member's own lists at a store (not named by the spec: its Previous purchase items)
  'stores-storeSlug-buy-it-again': '/stores/:storeSlug/buy-it-again',
  'stores-storeSlug-favourites': '/stores/:storeSlug/favourites',
  // Basket and checkout
  basket: '/basket',
  // Issue 42: the member's regulars not in the basket, between the basket and checkout
  'basket-forgotten': '/basket/forgotten',
  checkout: '/checkout',
  'checkout-options': '/checkout/options',
  'checkout-details': '/checkout/details',
  'checkout-create': '/checkout/create',
  'checkout-login': '/checkout/login',
  'checkout-payment': '/checkout/payment',
  'checkout-payment-card-form': '/checkout/payment/card-form',
  'checkout-payment-billing-address': '/checkout/payment/billing-address',
  'checkout-success': '/checkout/success',
  // Legal pages (not named by the spec; their content comes with the content pages)
  terms: '/terms',
  'privacy-policy': '/privacy-policy',
  'cookie-policy': '/cookie-policy',
  // Content pages by slug (ADR 024), linked from the footer
  'about-us': '/about-us',
  'delivery-information': '/delivery-information',
  // Landing pages: a town's (an SEO page) or a postcode district's ('m1'), with the stores there
  'grocery-delivery-place': '/grocery-delivery/:place',
} as const

/** Where the sign-out form posts (not a page, so not a spec route). */
export const LOGOUT_PATH = '/logout'

/** Where the footer's sign-up posts when it is not hydrated (no JavaScript on the page). */
export const STAY_IN_TOUCH_FORM_ACTION = '/stay-in-touch'

export type RouteName = keyof typeof ROUTE_PATHS

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? ParamName<Param> | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? ParamName<Param>
    : never
type ParamName<Param extends string> = Param extends `${infer Name}?` ? Name : Param
type OptionalParamNames<Path extends string> = Path extends `${string}:${infer Param}?${string}`
  ? Param
  : never

/** The parameters a route's path takes: required ones must be given, optional ones may be. */
export type RouteParams<Name extends RouteName> = {
  [
    Key in Exclude<
      ParamNames<(typeof ROUTE_PATHS)[Name]>,
      OptionalParamNames<(typeof ROUTE_PATHS)[Name]>
    >
  ]: string | number
} & {
  [Key in OptionalParamNames<(typeof ROUTE_PATHS)[Name]>]?: string | number
}

type RouteArgs<Name extends RouteName> =
  ParamNames<(typeof ROUTE_PATHS)[Name]> extends never
    ? [params?: undefined, query?: Record<string, string>]
    : [params: RouteParams<Name>, query?: Record<string, string>]

/**
 * The path of a named route with its parameters filled in (URI-encoded) and an optional query.
 *
 * @example routePath('stores-storeSlug', { storeSlug: 'deansgate' }) // '/stores/deansgate'
 * @example routePath('stores-near-by', { postcode: 'M1 1AE' }) // '/stores-near-by/M1%201AE'
 */
export function routePath<Name extends RouteName>(name: Name, ...args: RouteArgs<Name>): string {
  const [params, query] = args
  const values: Record<string, string | number | undefined> = params ?? {}
  const path = ROUTE_PATHS[name]
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment]
      const optional = segment.endsWith('?')
      const key = segment.slice(1, optional ? -1 : undefined)
      const value = values[key]
      if (value === undefined || value === '') {
        if (optional) return []
        throw new Error(`routePath(${name}) needs the parameter ${key}`)
      }
      return [encodeURIComponent(String(value))]
    })
    .join('/')
  const search = query ? new URLSearchParams(query).toString() : ''
  return `${path || '/'}${search ? `?${search}` : ''}`
}
