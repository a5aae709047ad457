import { CookieJar } from './cookie-jar.js'

/** Who signs in: a test user by username, or a user typed into the login page's form. */
export type SignInAs = { user: string } | { username: string; orgs: string[]; name?: string }

/**
 * Where each request of the flow really goes: by default where its URL says. A test of hub
 * replicas maps the issuer's host to one replica or another (a load balancer without sticky
 * sessions); cookies still follow the issuer's URLs.
 */
export type SignInRoute = (url: URL, step: number) => URL

/** How many requests {@link signInThroughHub} makes before it calls the flow stuck. */
const MAX_STEPS = 20

/**
 * Plays the browser of an authorization request at a Portico hub, over fetch with a cookie
 * jar: follows the redirects to the hub's login page, picks the test user's button (or fills
 * the typed-user form), posts it, and follows the redirects until the client's `redirect_uri`.
 * Returns that URL without requesting it: its query holds `code`, `state` and `iss`, or
 * `error`. Throws with the trail of requests (and the page's message) when the flow goes
 * anywhere else.
 */
export async function signInThroughHub(
  authorizationUrl: URL,
  who: SignInAs,
  route: SignInRoute = (url) => url,
): Promise<URL> {
  const redirectUri = authorizationUrl.searchParams.get('redirect_uri')
  if (redirectUri === null) throw new Error(`No redirect_uri in ${authorizationUrl.href}`)
  const callback = new URL(redirectUri)
  const cookies = new CookieJar()
  const trail: string[] = []
  let request: { url: URL; form?: URLSearchParams } = { url: authorizationUrl }
  let signedIn = false
  for (let step = 0; step < MAX_STEPS; step++) {
    const { url, form } = request
    const response = await fetch(route(url, step), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...cookies.headerFor(url),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    })
    cookies.store(url, response.headers.getSetCookie())
    trail.push(`${form ? 'POST' : 'GET'} ${url.pathname} → ${response.status}`)
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel()
      const next = new URL(location, url)
      if (next.origin === callback.origin && next.pathname === callback.pathname) return next
      request = { url: next }
      continue
    }
    const page = await response.text()
    if (response.status !== 200 || signedIn) throw stuck(trail, response.status, page)
    request = { url: new URL(signInFormAction(page, who, trail), url), form: signInForm(who) }
    signedIn = true
  }
  throw new Error(`No redirect to ${redirectUri} after ${MAX_STEPS} requests:\n${trail.join('\n')}`)
}

/** The fields the login page's forms post for `who`. */
function signInForm(who: SignInAs): URLSearchParams {
  if ('user' in who) return new URLSearchParams({ user: who.user })
  return new URLSearchParams({
    username: who.username,
    name: who.name ?? '',
    orgs: who.orgs.join(','),
  })
}

/** Where the login page posts the form for `who`: the one with that user's button, or the typed-user form. */
function signInFormAction(page: string, who: SignInAs, trail: string[]): string {
  const forms = [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(
    ([, attributes = '', content = '']) => ({
      action: decodeEntities(/\baction="([^"]*)"/i.exec(attributes)?.[1] ?? ''),
      content,
    }),
  )
  const wanted =
    'user' in who
      ? (content: string) =>
          [...content.matchAll(/<button\b[^>]*\bname="user"[^>]*\bvalue="([^"]*)"/gi)].some(
            ([, value = '']) => decodeEntities(value) === who.user,
          )
      : (content: string) => /<input\b[^>]*\bname="username"/i.test(content)
  const form = forms.find(({ content }) => wanted(content))
  if (form === undefined || form.action === '') {
    const wantedWhat =
      'user' in who ? `a button for the test user "${who.user}"` : 'a username field'
    throw new Error(
      `The hub's page has no form with ${wantedWhat}:\n${trail.join('\n')}\n\n${page.slice(0, 2000)}`,
    )
  }
  return form.action
}

function stuck(trail: string[], status: number, page: string): Error {
  const message = /<p class="error"[^>]*>([\s\S]*?)<\/p>/i.exec(page)?.[1]
  const shown = message === undefined ? page.slice(0, 2000) : stripTags(message)
  return new Error(
    `The sign-in got stuck (last answer ${status}):\n${trail.join('\n')}\n\n${shown}`,
  )
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
