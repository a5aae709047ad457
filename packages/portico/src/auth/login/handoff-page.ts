import { createHash } from 'node:crypto'

/** Who logged in, from the ID token's claims, as the docs site shows them. */
export interface LoginUser {
  name?: string
  email?: string
  preferredUsername?: string
  picture?: string
}

/** What the hand-off page gives the docs site. */
export interface Handoff {
  accessToken: string
  user: LoginUser
  /** A same-origin path (see `checkReturnPath`). */
  returnTo: string
}

/**
 * The page's one script: it reads the data block, keeps the token and the user in the tab's
 * `sessionStorage` (the keys the docs site reads) and replaces the callback URL, code and all,
 * in the history with the return path.
 */
const SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('portico-login').textContent)
  try {
    sessionStorage.setItem('portico.accessToken', data.accessToken)
    sessionStorage.setItem('portico.user', JSON.stringify(data.user))
  } catch {
    document.getElementById('status').textContent =
      'This browser refused to keep the login in session storage: allow site data and log in again.'
    return
  }
  location.replace(data.returnTo)
})()`

/**
 * Only that script runs (by its hash), nothing loads, nothing frames the page. A data block
 * (`type="application/json"`) is not a script, so the policy does not need to allow it.
 */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy': [
    "default-src 'none'",
    `script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
}

/**
 * The end of a login: a page that hands the token to the docs site in the browser, never in a
 * URL (where logs, history and `Referer` would keep it). Not cached anywhere, no referrer.
 * `setCookie` clears the login cookie.
 */
export function handoffPage(handoff: Handoff, setCookie: string): Response {
  // `<` escaped, so no value can close the data block (`</script>`) or open a comment.
  const data = JSON.stringify(handoff).replace(/</g, '\\u003c')
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Logging in…</title>
<script type="application/json" id="portico-login">${data}</script>
<script>${SCRIPT}</script>
</head>
<body>
<p id="status">Logging in…</p>
<noscript><p>The login needs JavaScript to hand the token to the docs site.</p></noscript>
</body>
</html>
`
  return new Response(html, { status: 200, headers: { ...HEADERS, 'set-cookie': setCookie } })
}

/** The user's name, email, username and picture among the ID token's claims, where they are strings. */
export function userFromClaims(claims: Readonly<Record<string, unknown>>): LoginUser {
  const user: LoginUser = {}
  const pick = (claim: string, key: keyof LoginUser) => {
    const value = claims[claim]
    if (typeof value === 'string' && value !== '') user[key] = value
  }
  pick('name', 'name')
  pick('email', 'email')
  pick('preferred_username', 'preferredUsername')
  pick('picture', 'picture')
  return user
}
