/** The location cookie the store search flow sets for a central Manchester postcode. */
export async function locationCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}/stores-near-by?postcode=M1%201AE`, {
    redirect: 'manual',
  })
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('sf_location='))
  if (!cookie) throw new Error('the store search flow set no location cookie')
  return cookie
}
