// The baseline every page figure is compared with: the cheapest possible Worker on the same harness.
export default {
  fetch(): Response {
    return new Response('Hello World!', { headers: { 'content-type': 'text/plain' } })
  },
} satisfies ExportedHandler
