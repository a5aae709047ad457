import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import { copyPlugin, freePort } from '../support/cli-process.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

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
  const copy = await copyPlugin(notesExampleDir)
  copies.push(copy)
  await writeFile(join(copy.dir, 'portico.config.ts'), config)
  const me = await readFile(join(fixtureDir('auth-hub-plugin'), 'tools/me.ts'), 'utf8')
  await writeFile(join(copy.dir, 'tools/me.ts'), me)
  return copy.dir
}

let hubPlugin: ServedPlugin
let customPlugin: ServedPlugin

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

  const hubDir = await examplePlugin(
    `export default { title: 'Notes', auth: 'portico-hub', deploy: { org: 'acme', app: 'notes' } }\n`,
  )
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
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all(plugins.map((plugin) => plugin.close()))
  await hub?.close()
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
