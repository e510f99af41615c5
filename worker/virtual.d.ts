declare module 'virtual:client-assets' {
  export const CLIENT_ASSETS: {
    dev: boolean
    loader: string
    styles: Array<string>
    islands: Record<string, Array<string>>
  }
}
