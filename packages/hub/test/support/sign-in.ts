import { decodeEntities, driveAuthorization } from './drive-authorization.js'

/**
 * Who signs in: a test user by username, or a user typed into the login page's form; `grant`
 * the scopes to leave ticked on the consent page when one comes (default: all it offers).
 */
export type SignInAs = ({ user: string } | { username: string; orgs: string[]; name?: string }) & {
  grant?: readonly string[]
}

/**
 * Where each request of the flow really goes: by default where its URL says. A test of hub
 * replicas maps the issuer's host to one replica or another (a load balancer without sticky
 * sessions); cookies still follow the issuer's URLs.
 */
export type SignInRoute = (url: URL, step: number) => URL

/**
 * Plays the browser of an authorization request at a Portico hub, over fetch with a cookie
 * jar: follows the redirects to the hub's login page, picks the test user's button (or fills
 * the typed-user form), posts it, answers the consent page if one comes (the scopes of
 * `who.grant` ticked), and follows the redirects until the client's `redirect_uri`.
 * Returns that URL without requesting it: its query holds `code`, `state` and `iss`, or
 * `error`. Throws with the trail of requests (and the page's message) when the flow goes
 * anywhere else.
 */
export async function signInThroughHub(
  authorizationUrl: URL,
  who: SignInAs,
  route: SignInRoute = (url) => url,
): Promise<URL> {
  let signedIn = false
  let consented = false
  return driveAuthorization(authorizationUrl, {
    flow: 'sign-in',
    route,
    // The login page comes once, then at most a consent page; any other page is an error.
    answer(page, url, trail) {
      if (!signedIn) {
        signedIn = true
        return { action: new URL(signInFormAction(page, who, trail), url), form: signInForm(who) }
      }
      const consent = consentForm(page, who.grant)
      if (consented || consent === undefined) return undefined
      consented = true
      return { action: new URL(consent.action, url), form: consent.form }
    },
    excerpt(page) {
      const message = /<p class="error"[^>]*>([\s\S]*?)<\/p>/i.exec(page)?.[1]
      return message === undefined ? page.slice(0, 2000) : stripTags(message)
    },
  })
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
function signInFormAction(page: string, who: SignInAs, trail: readonly string[]): string {
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

/** The consent page's form, with the offered scopes in `grant` (all, by default) ticked. */
function consentForm(
  page: string,
  grant: readonly string[] | undefined,
): { action: string; form: URLSearchParams } | undefined {
  const form = /<form\b[^>]*\baction="([^"]*\/consent)"[^>]*>([\s\S]*?)<\/form>/i.exec(page)
  if (form === null) return undefined
  const offered = [
    ...(form[2] ?? '').matchAll(/<input\b[^>]*\bname="scope"[^>]*\bvalue="([^"]*)"/gi),
  ].map(([, value = '']) => decodeEntities(value))
  const fields = new URLSearchParams({ consent: 'yes' })
  for (const scope of offered)
    if (grant === undefined || grant.includes(scope)) fields.append('scope', scope)
  return { action: decodeEntities(form[1] ?? ''), form: fields }
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
}
