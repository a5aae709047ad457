import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import { freePort } from '../support/cli-process.js'
import { copyLoginExample, HUB_LOGIN_CONFIG } from '../support/copy-login-example.js'
import { authSettingsFromEnv, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The docs-site login in a real browser, end to end: the example plugin, made private, against
 * a real Portico hub started here. Log in from a tool page, pick a test user on the hub's page,
 * land back on that tool page logged in, and call the tool from the try-it form: the tool's
 * context is that user. Once in mode portico-hub (the hub's shared localhost client document),
 * once in mode custom against the same hub with a pre-registered OAUTH_CLIENT_ID.
 */

const TOOL_PAGE = '/#/tools/Me_whoami'
const CLIENT_ID = 'notes-docs'

let hub: Hub
let browser: Browser
const plugins: ServedPlugin[] = []
const copies: { remove(): Promise<void> }[] = []

/** The example plugin with `config` as its portico.config.ts and the fixtures' `Me` tool. */
async function examplePlugin(config: string): Promise<string> {
  const copy = await copyLoginExample(config)
  copies.push(copy)
  return copy.dir
}

let hubPlugin: ServedPlugin
let customPlugin: ServedPlugin
/** The attacker's site, on another origin (`localhost`, not `127.0.0.1`): what it was asked. */
let attacker: Server
let attackerHost: string
const attackerHits: string[] = []

beforeAll(async () => {
  const customPort = await freePort()
  hub = await startHub({
    port: 0,
    store: createMemoryStore(),
    clients: [
      { clientId: CLIENT_ID, redirectUris: [`http://127.0.0.1:${customPort}/oauth/callback`] },
    ],
  })
  browser = await launchBrowser()

  const hubDir = await examplePlugin(HUB_LOGIN_CONFIG)
  hubPlugin = await servePlugin(hubDir, {
    auth: await authSettingsFromEnv(hubDir, { OAUTH_ISSUER: hub.issuer }),
  })
  plugins.push(hubPlugin)

  const customDir = await examplePlugin(`export default { title: 'Notes', auth: 'custom' }\n`)
  customPlugin = await servePlugin(customDir, {
    port: customPort,
    auth: await authSettingsFromEnv(customDir, {
      OAUTH_ISSUER: hub.issuer,
      OAUTH_AUDIENCE: 'urn:portico:hub:test',
      OAUTH_SCOPE: 'portico-hub-test',
      OAUTH_CLIENT_ID: CLIENT_ID,
    }),
  })
  plugins.push(customPlugin)

  attacker = createServer((request, response) => {
    attackerHits.push(request.url ?? '')
    response.end('<h1>Evil</h1>')
  })
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done))
  attackerHost = `localhost:${(attacker.address() as AddressInfo).port}`
})

afterAll(async () => {
  await browser?.close()
  await Promise.all(plugins.map((plugin) => plugin.close()))
  await hub?.close()
  await new Promise((done) => attacker?.close(done))
  await Promise.all(copies.map((copy) => copy.remove()))
})

describe.each([
  { mode: 'portico-hub', heading: /Sign in to acme\/notes/, plugin: () => hubPlugin },
  { mode: 'custom', heading: /Sign in to/, plugin: () => customPlugin },
])('the docs-site login in mode $mode', ({ mode, heading, plugin }) => {
  it('logs in on the hub, comes back to the tool page and calls the tool as that user', async () => {
    const { url } = plugin()
    const watched = await openWatchedPage(browser, url)
    const { page } = watched
    try {
      await page.goto(`${url}${TOOL_PAGE}`)
      await expect.poll(() => page.getByTestId('auth-hint').textContent()).toContain('log in')
      await page.getByRole('link', { name: 'Log in' }).click()

      await page.waitForURL((target) => target.origin === new URL(hub.issuer).origin)
      await expect.poll(() => page.locator('h1').textContent()).toMatch(heading)
      await screenshot(page, `hub-login-${mode}`)
      await page.locator('button[name="user"][value="alice"]').click()

      await page.waitForURL(`${url}${TOOL_PAGE}`)
      await expect.poll(() => page.getByText('Alice', { exact: false }).count()).toBeGreaterThan(0)
      expect(await page.getByTestId('auth-hint').count()).toBe(0)
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      const body = JSON.parse((await page.getByTestId('try-it-body').textContent()) ?? '{}')
      expect(body).toMatchObject({ uid: 'alice', orgs: expect.arrayContaining(['acme']) })
      await screenshot(page, `hub-login-${mode}-called`)

      // The token went from the callback into the tab's session, never through a URL.
      const token = await page.evaluate(() => sessionStorage.getItem('portico.accessToken'))
      expect(token).toMatch(/^ey/)
      expect(page.url()).not.toContain(token)
      expect(watched.consoleErrors).toEqual([])
      // Only the hub is visited besides the plugin.
      for (const visited of watched.offOrigin) {
        expect(new URL(visited).origin).toBe(new URL(hub.issuer).origin)
      }
    } finally {
      await watched.close()
    }
  })
})

/** Signs in as alice on the hub's page, when the browser is on it. */
async function signInIfAsked(page: Page): Promise<void> {
  if (new URL(page.url()).origin !== new URL(hub.issuer).origin) return
  await page.locator('button[name="user"][value="alice"]').click()
  await page.waitForURL((target) => !target.pathname.startsWith('/oauth/callback'))
  await page.waitForLoadState('load')
}

describe('a hostile return_to (RFC 9700 §4.11.1)', () => {
  it.each(['/..//ATTACKER/', '/%2e%2e//ATTACKER/', '/.\\/ATTACKER/', '/a/../..//ATTACKER/'])(
    'keeps the browser on the plugin’s origin after a login from %j',
    async (template) => {
      const { url } = hubPlugin
      const returnTo = template.replace('ATTACKER', attackerHost)
      attackerHits.length = 0
      const watched = await openWatchedPage(browser, url)
      const { page } = watched
      try {
        // The attacker's link. The old check let it through to the hub: the victim then signs
        // in, so this pins where the browser ends up, whichever step refuses.
        const answer = await page.goto(
          `${url}/oauth/login?return_to=${encodeURIComponent(returnTo)}`,
        )
        await signInIfAsked(page)
        expect(new URL(page.url()).origin).toBe(url)
        expect(answer?.status()).toBe(400)
        expect(await page.textContent('body')).toContain('return_to must stay on this site')
        expect(attackerHits).toEqual([])
        expect(watched.offOrigin).toEqual([])
      } finally {
        await watched.close()
      }
    },
  )

  it('logs in through the hub and lands on the resolved path of an odd but local return_to', async () => {
    const { url } = hubPlugin
    const watched = await openWatchedPage(browser, url)
    const { page } = watched
    try {
      await page.goto(
        `${url}/oauth/login?return_to=${encodeURIComponent(`/docs/./..${TOOL_PAGE}`)}`,
      )
      await page.waitForURL((target) => target.origin === new URL(hub.issuer).origin)
      await page.locator('button[name="user"][value="alice"]').click()
      await page.waitForURL(`${url}${TOOL_PAGE}`)
      await expect.poll(() => page.getByText('Alice', { exact: false }).count()).toBeGreaterThan(0)
    } finally {
      await watched.close()
    }
  })
})
