/**
 * Redirect targets that would leave the site `origin` (e.g. 'http://localhost'), or could once a
 * proxy, framework or browser normalises them: protocol-relative, backslashes, dot segments,
 * percent-encoded slashes and backslashes (once, twice, three times), characters browsers strip
 * (tab, newline, NUL, space), other schemes, hosts, ports and userinfo. Shared by the unit test of
 * worker/lib/redirect.ts and the redirect sweep (test/integration/security/redirects.test.ts).
 */
export function bypassTargets(origin: string): ReadonlyArray<string> {
  const url = new URL(origin)
  const otherScheme = url.protocol === 'https:' ? 'http:' : 'https:'
  const otherPort = url.port === '8080' ? '8081' : '8080'
  return [
    '//evil.example/x',
    '///evil.example/x',
    '////evil.example',
    '/\\evil.example/x',
    '\\/evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/./\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%00/evil.example',
    '/%20/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/ /evil.example',
    '/\u0000/evil.example',
    'https://evil.example/',
    'http://evil.example',
    'HTTPS://evil.example',
    'https:evil.example',
    'https:/evil.example',
    'http:/\\evil.example',
    `${origin}@evil.example/`,
    `${url.protocol}//evil.example\\@${url.host}/`,
    `${url.protocol}//user:pass@${url.host}/basket`,
    `${origin}.evil.example/`,
    `${url.protocol}//${url.hostname}:${otherPort}/basket`,
    `${otherScheme}//${url.host}/basket`,
    `${origin}//evil.example/x`,
    `${origin}/%2F%2Fevil.example`,
    `${origin}/\\evil.example`,
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@evil.example',
    'evil.example',
    'evil.example/path',
    '.evil.example',
    '%2F%2Fevil.example',
    '?x=1',
    '#top',
    '',
  ]
}
