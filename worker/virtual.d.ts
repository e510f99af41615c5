declare module 'virtual:client-assets' {
  export const CLIENT_ASSETS: {
    dev: boolean
    loader: string
    /** The header basket script every branded page loads, then the chunks it imports. */
    headerBasket: Array<string>
    styles: Array<string>
    /** The brand faces' latin woff2 files by stem (schemas/brand-fonts.ts), for the preload. */
    fonts?: Record<string, string>
  }
}
