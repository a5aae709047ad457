import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { authSettingsFromEnv, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from '../support/test-issuer.js'
import { evilPluginFiles } from './author-file-plugin.js'

/**
 * The attack of security issue 26 (item 4) in headless Chromium: a plugin in mode `custom`
 * whose author files try to read the docs site's access token from the origin's
 * `sessionStorage` and send it to a listening "attacker" server. The docs site stores a token
 * first, in the same tab; then each author file is opened there. None may read it.
 */

const TOKEN = 'docs-site-secret-token'
const { plugin } = useTempPlugins('author-file-attack')
let browser: Browser
let issuer: TestIssuer
let served: ServedPlugin
let attacker: Server
/** Every request the attacker received. */
const stolen: string[] = []

beforeAll(async () => {
  attacker = createServer((request, response) => {
    stolen.push(request.url ?? '')
    response.writeHead(204, { 'access-control-allow-origin': '*' }).end()
  })
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`
  issuer = await startTestIssuer()
  const dir = await plugin(evilPluginFiles('custom', attackerUrl))
  const auth = await authSettingsFromEnv(dir, {
    OAUTH_ISSUER: issuer.issuer,
    OAUTH_AUDIENCE: TEST_AUDIENCE,
    OAUTH_SCOPE: 'notes',
  })
  served = await servePlugin(dir, { auth })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([
    served?.close(),
    issuer?.close(),
    new Promise((resolve) => attacker?.close(resolve)),
  ])
})

/** A tab where the docs site, on the plugin's origin, has stored its access token. */
async function tabWithToken(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${served.url}/`)
  await page.locator('main h1').first().waitFor({ timeout: PATIENCE_MS })
  await page.evaluate((token) => sessionStorage.setItem('portico.accessToken', token), TOKEN)
  return { page, close: () => context.close() }
}

/** The titles of the page and its frames once their scripts had time to run. */
async function titlesAfterScripts(page: Page): Promise<string[]> {
  await page.waitForLoadState('load')
  await page.waitForTimeout(300)
  return Promise.all(page.frames().map((frame) => frame.title().catch(() => '')))
}

describe('author files opened on the origin of a docs site that holds a token', () => {
  it.each([
    ['/skills/evil/page.html', 'skill-html'],
    ['/skills/evil/pic.svg', 'skill-svg'],
    ['/icons/0', 'icon-svg'],
  ])('%s runs no script at all', async (path, label) => {
    const tab = await tabWithToken()
    try {
      await tab.page.goto(`${served.url}${path}`)
      expect(await titlesAfterScripts(tab.page)).toEqual([label])
      // The token is still there for the docs site: only the author file was kept from it.
      await tab.page.goto(`${served.url}/`)
      expect(await tab.page.evaluate(() => sessionStorage.getItem('portico.accessToken'))).toBe(
        TOKEN,
      )
    } finally {
      await tab.close()
    }
    expect(stolen).toEqual([])
  })

  it.each([
    ['/evil.html', 'public-html'],
    ['/evil.svg', 'public-svg'],
    ['/widget-assets/evil.html', 'public-html'],
    ['/widget-assets/evil.svg', 'public-svg'],
    ['/widgets/Echo_say', 'widget'],
  ])('%s runs its script in an opaque origin, refused the storage', async (path, label) => {
    const tab = await tabWithToken()
    try {
      await tab.page.goto(`${served.url}${path}`)
      expect(await titlesAfterScripts(tab.page)).toEqual([`refused:${label}:SecurityError`])
    } finally {
      await tab.close()
    }
    expect(stolen).toEqual([])
  })

  it('keeps an author script out of the docs site, even named by markup injected there', async () => {
    const tab = await tabWithToken()
    try {
      // What a hole in the site's rendering of author text could add: a frame that inherits
      // the site's policy and origin, loading the author's /evil.js.
      await tab.page.evaluate(() => {
        const frame = document.createElement('iframe')
        frame.srcdoc = '<title>injected</title><script src="/evil.js"></script>'
        document.body.append(frame)
      })
      await tab.page.waitForTimeout(300)
      expect(await titlesAfterScripts(tab.page)).toEqual(['Evil', 'injected'])
    } finally {
      await tab.close()
    }
    expect(stolen).toEqual([])
  })
})
