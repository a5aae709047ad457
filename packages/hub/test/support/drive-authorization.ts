import { CookieJar } from './cookie-jar.js'

/** A form the user agent posts next: where, and its fields (sent urlencoded). */
export interface FormPost {
  action: URL
  form: URLSearchParams
}

/** How {@link driveAuthorization} plays one authorization server's pages. */
export interface AuthorizationPages {
  /** What the flow is called in its errors ("sign-in", "authorization"). */
  flow: string
  /**
   * The form to post from a page the server answered with 200, at `url` (the logical URL,
   * before {@link route}); `undefined` when the page is none that the caller knows, which
   * makes the flow stuck. May throw its own error instead (with `trail`, the requests so far).
   */
  answer(page: string, url: URL, trail: readonly string[]): FormPost | undefined
  /**
   * Where each request really goes: by default where its URL says. Cookies still follow the
   * logical URLs, as a browser's would behind a load balancer.
   */
  route?: (url: URL, step: number) => URL
  /** What a stuck flow's error shows of the last answer; default its headers and the page's start. */
  excerpt?: (page: string, response: Response) => string
}

/** How many requests {@link driveAuthorization} makes before it calls the flow stuck. */
const MAX_STEPS = 20

/**
 * Plays the browser of an authorization request, over fetch with a cookie jar: follows the
 * redirects (`redirect: 'manual'`), posts the form that `pages.answer` picks from each page
 * answered with 200, and stops at the client's `redirect_uri`. Returns that URL without
 * requesting it: its query holds `code`, `state` and `iss`, or `error`. Throws with the trail
 * of requests (and an excerpt of the last answer) when the flow goes anywhere else, or after
 * {@link MAX_STEPS} requests.
 */
export async function driveAuthorization(
  authorizationUrl: URL,
  pages: AuthorizationPages,
): Promise<URL> {
  const redirectUri = authorizationUrl.searchParams.get('redirect_uri')
  if (redirectUri === null) throw new Error(`No redirect_uri in ${authorizationUrl.href}`)
  const callback = new URL(redirectUri)
  const route = pages.route ?? ((url: URL) => url)
  const cookies = new CookieJar()
  const trail: string[] = []
  let request: { url: URL; form?: URLSearchParams } = { url: authorizationUrl }
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
    const post = response.status === 200 ? pages.answer(page, url, trail) : undefined
    if (post === undefined) {
      const excerpt = (pages.excerpt ?? defaultExcerpt)(page, response)
      throw new Error(
        `The ${pages.flow} got stuck (last answer ${response.status}):\n${trail.join('\n')}\n\n${excerpt}`,
      )
    }
    request = { url: post.action, form: post.form }
  }
  throw new Error(`No redirect to ${redirectUri} after ${MAX_STEPS} requests:\n${trail.join('\n')}`)
}

function defaultExcerpt(page: string, response: Response): string {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
  return `${headers}\n\n${page.slice(0, 1500)}`
}

/** The text of an HTML attribute value or text node: numeric and the basic named entities decoded. */
export function decodeEntities(text: string): string {
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
