import { Hono } from 'hono'
import { CLIENT_ASSETS } from 'virtual:client-assets'

const app = new Hono<{ Bindings: Env }>()
app.get('/', async (c) => {
  const row = await c.env.DB.prepare('select 1 as one').first<{ one: number }>()
  return c.html(`<!doctype html><html><head><link rel="stylesheet" href="${CLIENT_ASSETS.styles[0]}"></head><body><h1 class="text-3xl text-red-600">hello ${row?.one}</h1><div data-island="Counter"></div><script type="module" src="${CLIENT_ASSETS.loader}"></script></body></html>`)
})
export default app
