import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * Step-up on the docs site, in Chromium against a real hub: the tool page of a write tool
 * shows its scope; after a login with the plugin's scopes only it says the token lacks it, a
 * call is refused (403) with the same message, and "Log in again with notes:write" runs the
 * docs-site login asking for it; the user grants it on the hub's consent page and the call
 * succeeds. Screenshots: test-results/docs-site/tool-scopes-refused.png and -granted.png.
 */

const TOOL_PAGE = '/#/tools/Notes_add'

let hub: Hub
let browser: Browser
let plugin: ServedPlugin

beforeAll(async () => {
  hub = await startHub({ port: 0, store: createMemoryStore() })
  browser = await launchBrowser()
  const dir = fixtureDir('scoped-hub-plugin')
  plugin = await servePlugin(dir, {
    auth: await authSettingsFromEnv(dir, { OAUTH_ISSUER: hub.issuer }),
  })
})

afterAll(async () => {
  await browser?.close()
  await plugin?.close()
  await hub?.close()
})

describe('the login asking for scopes, over HTTP', () => {
  it("asks the hub for the plugin's scopes plus the ones named, and refuses others", async () => {
    const login = (scope: string) =>
      fetch(`${plugin.url}/oauth/login?return_to=%2F&scope=${encodeURIComponent(scope)}`, {
        redirect: 'manual',
      })
    const asked = await login('notes:write')
    expect(asked.status).toBe(302)
    const location = new URL(asked.headers.get('location') ?? '')
    expect(location.searchParams.get('scope')?.split(' ')).toEqual([
      'openid',
      'portico-hub-test',
      'profile',
      'email',
      'notes:write',
    ])
    for (const hostile of ['admin', 'notes:write offline_access', 'x'.repeat(2000)]) {
      const refused = await login(hostile)
      expect(refused.status).toBe(400)
      expect(refused.headers.get('content-type')).toContain('application/problem+json')
      expect(refused.headers.get('set-cookie')).toBeNull()
    }
    const document = (await (
      await fetch(`${plugin.url}/.well-known/oauth/client-metadata.json`)
    ).json()) as { scope: string }
    expect(document.scope.split(' ')).toContain('notes:write')
  })

  it('advertises the scope the tool page shows, in the OpenAPI operation and the metadata', async () => {
    const api = (await (await fetch(`${plugin.url}/open-api.json`)).json()) as {
      paths: Record<string, { post: { security: Record<string, string[]>[] } }>
    }
    expect(api.paths['/api/Notes/add']?.post.security).toEqual([{ bearer: ['notes:write'] }])
    expect(api.paths['/api/Notes/list']?.post.security).toEqual([{ bearer: [] }])
    const metadata = (await (
      await fetch(`${plugin.url}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as { scopes_supported: string[] }
    expect(metadata.scopes_supported).toContain('notes:write')
  })
})

describe("the tool page's reading of a pasted token", () => {
  it('reads scope and scp (string or array), and says nothing of an opaque token', async () => {
    const watched = await openWatchedPage(browser, plugin.url)
    const { page } = watched
    /** An unsigned JWT with these claims: the page reads claims, the server checks signatures. */
    const jwt = (claims: object) =>
      `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`
    try {
      await page.goto(`${plugin.url}${TOOL_PAGE}`)
      for (const [token, lacks] of [
        [jwt({ scp: ['portico-hub-test', 'notes:write'] }), false],
        [jwt({ scp: 'portico-hub-test notes:write' }), false],
        [jwt({ scope: 'portico-hub-test', scp: ['notes:read'] }), true],
        [jwt({ scp: ['notes:write portico-hub-test'] }), true],
        ['an-opaque-token', false],
      ] as const) {
        await page.evaluate((value) => sessionStorage.setItem('portico.accessToken', value), token)
        await page.reload()
        await page.getByTestId('tool-scopes').waitFor()
        expect(await page.getByTestId('missing-scopes').count(), token).toBe(lacks ? 1 : 0)
      }
    } finally {
      await watched.close()
    }
  })
})

describe('step-up on the docs site', () => {
  it('refuses the write tool to a narrow login, says why, and logs in again with its scope', async () => {
    const { url } = plugin
    const watched = await openWatchedPage(browser, url)
    const { page } = watched
    const hubOrigin = new URL(hub.issuer).origin
    const call = async (expected: string) => {
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{"text":"hello"}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain(expected)
    }
    try {
      await page.goto(`${url}${TOOL_PAGE}`)
      await expect
        .poll(() => page.getByTestId('tool-scopes').textContent())
        .toContain('needs the scope notes:write')
      expect(await page.getByTestId('missing-scopes').count()).toBe(0)

      // A login with the plugin's scopes only: no consent page, a narrow token.
      await page.getByRole('link', { name: 'Log in', exact: true }).click()
      await page.waitForURL((target) => target.origin === hubOrigin)
      await page.locator('button[name="user"][value="alice"]').click()
      await page.waitForURL(`${url}${TOOL_PAGE}`)
      const notice = page.getByTestId('missing-scopes').first()
      await expect.poll(() => notice.textContent()).toContain('lacks the scope notes:write')

      // The call is refused (403), and the answer says the same, with the login again.
      await call('403')
      const refusal = page.locator('.try-it-response').getByTestId('missing-scopes')
      expect(await refusal.textContent()).toContain('lacks the scope notes:write')
      const again = refusal.getByRole('link', { name: 'Log in again with notes:write' })
      expect(await again.getAttribute('href')).toBe(
        `/oauth/login?return_to=${encodeURIComponent(TOOL_PAGE)}&scope=notes%3Awrite`,
      )
      await screenshot(page, 'tool-scopes-refused')

      // Log in again with notes:write: the hub shows its consent page with the scope ticked.
      await again.click()
      await page.waitForURL((target) => target.origin === hubOrigin)
      await page.locator('button[name="user"][value="alice"]').click()
      const box = page.locator('input[name="scope"][value="notes:write"]')
      await box.waitFor()
      expect(await box.isChecked()).toBe(true)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.waitForURL(`${url}${TOOL_PAGE}`)
      await expect.poll(() => page.getByTestId('tool-scopes').count()).toBe(1)
      expect(await page.getByTestId('missing-scopes').count()).toBe(0)

      await call('200')
      expect(await page.getByTestId('try-it-body').textContent()).toContain('"by": "alice"')
      await screenshot(page, 'tool-scopes-granted')
      expect(watched.consoleErrors.filter((error) => !error.includes('403'))).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
