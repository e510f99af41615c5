/**
 * A cookie jar for page tests: the previous Cookie header with an answer's Set-Cookie lines
 * applied (a cookie set to nothing or with Max-Age=0 is dropped), as a browser would send it next.
 */
export function jar(response: Response, previous = ''): string {
  const cookies = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0] ?? '', pair] as const)
  )
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? ''
    const name = pair.split('=')[0] ?? ''
    if (/Max-Age=0/i.test(line) || pair === `${name}=`) cookies.delete(name)
    else cookies.set(name, pair)
  }
  return [...cookies.values()].join('; ')
}

/** The whole Set-Cookie line an answer sent for `name`, attributes included. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`))
}
