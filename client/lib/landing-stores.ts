/** A store on a landing page: enough to name it and link to it. */
export interface LandingStore {
  slug: string
  name: string
  address: string
}
