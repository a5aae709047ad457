import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, startHub } from '../src/index.js'
import { CookieJar } from './support/cookie-jar.js'
import {
  buildAuthorization,
  CALLBACK_URI,
  knownClient,
  registerPublicClient,
} from './support/hub-client.js'

const HOSTILE_NAME = '<script>alert(1)</script><img src=x onerror="alert(2)">'

let hub: Hub
let clientId: string

beforeAll(async () => {
  hub = await startHub({ port: 0, store: createMemoryStore() })
  const client = await registerPublicClient(hub, { client_name: HOSTILE_NAME })
  clientId = client.clientMetadata().client_id
})
afterAll(async () => {
  await hub?.close()
})

/** A browser at the hub's login page for a fresh authorization request. */
interface LoginPage {
  url: URL
  response: Response
  html: string
  cookies: CookieJar
  /** Posts a form of the page (`login`, `consent` or `cancel`) and returns the answer. */
  post(
    step: 'login' | 'consent' | 'cancel',
    fields: Record<string, string> | URLSearchParams,
  ): Promise<Response>
}

async function openLoginPage(parameters: Record<string, string> = {}): Promise<LoginPage> {
  const request = await buildAuthorization(await knownClient(hub, clientId), parameters)
  const cookies = new CookieJar()
  const start = await fetch(request.url, { redirect: 'manual' })
  cookies.store(request.url, start.headers.getSetCookie())
  const url = new URL(start.headers.get('location') ?? '', request.url)
  const response = await fetch(url, { headers: cookies.headerFor(url) })
  const html = await response.text()
  return {
    url,
    response,
    html,
    cookies,
    post: (step, fields) => {
      const target = new URL(`${url.pathname}/${step}`, url)
      return fetch(target, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...cookies.headerFor(target),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
      })
    },
  }
}

/** Follows the redirects of a finished interaction to the client's callback. */
async function followToCallback(page: LoginPage, response: Response): Promise<URL> {
  let answer = response
  let from = page.url
  for (let step = 0; step < 5; step++) {
    page.cookies.store(from, answer.headers.getSetCookie())
    const next = new URL(answer.headers.get('location') ?? '', from)
    if (next.href.startsWith(CALLBACK_URI)) return next
    answer = await fetch(next, { redirect: 'manual', headers: page.cookies.headerFor(next) })
    from = next
  }
  throw new Error('No redirect to the callback')
}

describe('the login page', () => {
  it('names the client, where it returns and the scopes, and offers the test users', async () => {
    const page = await openLoginPage()
    expect(page.response.status).toBe(200)
    expect(page.url.pathname).toMatch(/^\/interaction\/[\w-]+$/)
    expect(page.html).toContain('127.0.0.1:8976')
    expect(page.html).toContain('<code>portico-hub-test</code>')
    expect(page.html).toContain('urn:portico:hub:test')
    for (const username of ['alice', 'bob', 'carol']) {
      expect(page.html).toContain(
        `<button class="user" type="submit" name="user" value="${username}">`,
      )
    }
    expect(page.html).toContain('acme, wonderland')
    expect(page.html).toMatch(/<input id="username" name="username"/)
    expect(page.html).toMatch(/<input id="orgs" name="orgs"/)
  })

  it('escapes a hostile client name everywhere', async () => {
    const page = await openLoginPage()
    expect(page.html).not.toContain('<script>')
    expect(page.html).not.toContain('<img')
    expect(page.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;',
    )
  })

  it('is served with a CSP that allows no script and nothing external', async () => {
    const page = await openLoginPage()
    const csp = page.response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toMatch(/style-src 'sha256-[\w+/=]+'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(page.html).not.toMatch(/<(script|link|img|iframe|object)\b|url\(|@import/i)
  })

  it('warns that a loopback redirect URI could be any local program', async () => {
    const page = await openLoginPage()
    expect(page.html).toContain('class="warning"')
    expect(page.html).toContain('localhost impersonation')
  })

  it('names the plugin of portico_deploy only as the application says it', async () => {
    const named = await openLoginPage({ portico_deploy: 'acme/notes' })
    expect(named.html).toContain(
      '<h1>Sign in to acme/notes <small class="unverified">(as the application says: not verified)</small></h1>',
    )
    const ignored = await openLoginPage({ portico_deploy: '<b>x</b>/notes' })
    expect(ignored.html).not.toContain('<b>x</b>')
    expect(ignored.html).toMatch(/<h1>Sign in to &lt;script&gt;/)
  })

  it('re-renders with a message (400) when the typed user is invalid', async () => {
    const page = await openLoginPage()
    for (const [fields, message] of [
      [{ username: 'Not Valid', orgs: '' }, 'The username must be'],
      [
        { username: 'dana', orgs: 'acme, Bad Org' },
        '&quot;Bad Org&quot; is not an organisation slug',
      ],
      [{ username: 'alice', orgs: '' }, 'is a test user'],
      [{ user: 'mallory' }, 'There is no test user'],
    ] as const) {
      const answer = await page.post('login', fields)
      expect(answer.status).toBe(400)
      const html = await answer.text()
      expect(html).toContain('class="error"')
      expect(html).toContain(message)
    }
  })

  it('ends the request with access_denied on Cancel', async () => {
    const page = await openLoginPage()
    const answer = await page.post('cancel', { cancel: 'yes' })
    expect(answer.status).toBe(303)
    const callback = await followToCallback(page, answer)
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('iss')).toBe(hub.issuer)
  })

  it('answers an unknown or finished interaction with an error page', async () => {
    const response = await fetch(`${hub.url}/interaction/unknown-uid`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('expired or is already finished')
  })
})

describe('the consent page', () => {
  const SCOPE = 'openid portico-hub-test profile email notes:write <b>x</b>'

  it("comes after the sign-in when scopes beyond the hub's are asked, each ticked, escaped", async () => {
    const page = await openLoginPage({ scope: 'openid portico-hub-test notes:write notes:admin' })
    const answer = await page.post('login', { user: 'alice' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await answer.text()
    expect(html).toContain('to act as alice?</h1>')
    expect(html).toContain(`action="${page.url.pathname}/consent"`)
    for (const scope of ['notes:write', 'notes:admin']) {
      expect(html).toContain(
        `<input type="checkbox" name="scope" value="${scope}" checked> <code>${scope}</code>`,
      )
    }
    // The hub's own scopes are always granted: listed, not offered.
    expect(html).not.toContain('value="portico-hub-test"')
    expect(html).toContain('<code>openid</code> <code>portico-hub-test</code>')
    expect(html).not.toContain('<script>')
  })

  it('escapes a scope the client made up', async () => {
    // oidc-provider refuses quotes and backslashes in scope; angle brackets are scope-tokens.
    const page = await openLoginPage({ scope: SCOPE })
    const html = await (await page.post('login', { user: 'bob' })).text()
    expect(html).not.toContain('<b>x</b>')
    expect(html).toContain('value="&lt;b&gt;x&lt;/b&gt;"')
  })

  it('refuses the consent step of an interaction nobody signed in to', async () => {
    const page = await openLoginPage({ scope: SCOPE })
    const answer = await page.post('consent', { consent: 'yes', scope: 'notes:write' })
    expect(answer.status).toBe(400)
    expect(await answer.text()).toContain('Choose who signs in first')
  })

  it('ends the request with access_denied on its Cancel', async () => {
    const page = await openLoginPage({ scope: SCOPE })
    expect((await page.post('login', { user: 'alice' })).status).toBe(200)
    const callback = await followToCallback(page, await page.post('cancel', { cancel: 'yes' }))
    expect(callback.searchParams.get('error')).toBe('access_denied')
  })

  it('finishes the sign-in with the ticked scopes', async () => {
    const page = await openLoginPage({ scope: SCOPE })
    expect((await page.post('login', { user: 'alice' })).status).toBe(200)
    const answer = await page.post('consent', new URLSearchParams('consent=yes&scope=notes:write'))
    expect(answer.status).toBe(303)
    const callback = await followToCallback(page, answer)
    expect(callback.searchParams.get('code')).toBeTruthy()
  })
})

describe('the sign-out pages', () => {
  it('asks before signing out, then confirms', async () => {
    const page = await openLoginPage()
    await followToCallback(page, await page.post('login', { user: 'alice' }))
    const endUrl = new URL('/session/end', hub.url)
    const ask = await fetch(endUrl, { headers: page.cookies.headerFor(endUrl) })
    expect(ask.status).toBe(200)
    expect(ask.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await ask.text()
    expect(html).toContain('Sign out of the Portico hub?')
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const confirmUrl = new URL('/session/end/confirm', hub.url)
    const confirm = await fetch(confirmUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...page.cookies.headerFor(confirmUrl),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    })
    expect(confirm.status).toBe(303)
    const done = await fetch(new URL(confirm.headers.get('location') ?? '', confirmUrl))
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('<h1>Signed out</h1>')
  })
})

describe('the error page', () => {
  it('names the error and its description, escaped', async () => {
    const url = new URL(`${hub.url}/auth`)
    url.search = new URLSearchParams({
      client_id: 'no-such-<client>',
      response_type: 'code',
      redirect_uri: CALLBACK_URI,
    }).toString()
    const response = await fetch(url)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).toContain('<code>invalid_client</code>')
    expect(html).toContain('This application cannot sign in here')
    expect(html).not.toContain('<client>')
  })
})
