import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { copyLoginExample } from '../support/copy-login-example.js'
import { authSettingsFromEnv, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The plugin's own login pages in a real browser (issue 34, item 5): a failed login is a page
 * styled as the docs site, light and dark, with nothing its policy refuses; and Log in while the
 * hub is down ends on that page saying so, not on the browser's "can't be reached".
 */

const TOOL_PAGE = '/#/tools/Me_whoami'

let hub: Hub
/** The second test stops the hub; afterAll stops it only if still up. */
let hubUp = false
let browser: Browser
let plugin: ServedPlugin
let copy: { dir: string; remove(): Promise<void> }

beforeAll(async () => {
  hub = await startHub({ port: 0, store: createMemoryStore() })
  hubUp = true
  browser = await launchBrowser()
  copy = await copyLoginExample()
  const auth = await authSettingsFromEnv(copy.dir, { OAUTH_ISSUER: hub.issuer })
  plugin = await servePlugin(copy.dir, { auth })
})

afterAll(async () => {
  await browser?.close()
  await plugin?.close()
  if (hubUp) await hub.close()
  await copy?.remove()
})

/** How the page's card and text are drawn: what an unstyled page would not have. */
function looks(page: Page) {
  return page.evaluate(() => {
    const card = document.querySelector('.card')
    const style = card ? getComputedStyle(card) : undefined
    return {
      font: getComputedStyle(document.body).fontFamily,
      radius: style?.borderRadius,
      background: getComputedStyle(document.body).backgroundColor,
    }
  })
}

describe('the plugin’s login pages', () => {
  it('shows a failed login on a page styled as the docs site, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const watched = await openWatchedPage(browser, plugin.url, { colorScheme })
      const { page } = watched
      try {
        // A callback without the login cookie: the login expired or was started elsewhere.
        await page.goto(`${plugin.url}/oauth/callback?code=x&state=y`)
        expect(await page.locator('h1').textContent()).toBe('The login expired')
        const look = await looks(page)
        expect(look.font).toContain('system-ui')
        expect(look.radius).toBe('8px')
        expect(look.background).toBe(
          colorScheme === 'dark' ? 'rgb(15, 17, 21)' : 'rgb(255, 255, 255)',
        )
        expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
          '/oauth/login',
        )
        await screenshot(page, `login-error-${colorScheme}`)
        // A style the page's policy refused would be a console error (the 400 itself is one).
        const refused = watched.consoleErrors.filter((error) => !error.includes('status of 400'))
        expect(refused).toEqual([])
      } finally {
        await watched.close()
      }
    }
  })

  it('ends Log in on a page of its own that says the hub cannot be reached', async () => {
    const watched = await openWatchedPage(browser, plugin.url)
    const { page } = watched
    const hubOrigin = new URL(hub.issuer).origin
    try {
      // A first login reaches the hub, so its configuration is known and kept.
      await page.goto(`${plugin.url}${TOOL_PAGE}`)
      await page.getByRole('link', { name: 'Log in', exact: true }).click()
      await page.waitForURL((target) => target.origin === hubOrigin)

      await hub.close()
      hubUp = false
      await page.goto(`${plugin.url}${TOOL_PAGE}`)
      await page.getByRole('link', { name: 'Log in', exact: true }).click()
      await page.waitForURL((target) => target.pathname === '/oauth/login', {
        timeout: PATIENCE_MS,
      })
      await page.locator('h1').waitFor()
      expect(new URL(page.url()).origin).toBe(plugin.url)
      expect(await page.locator('h1').textContent()).toBe('The login could not start')
      const text = (await page.locator('main').textContent()) ?? ''
      expect(text).toContain(`The sign-in service at ${hubOrigin} cannot be reached`)
      expect((await looks(page)).radius).toBe('8px')
      const retry = await page.getByRole('link', { name: 'Try again' }).getAttribute('href')
      expect(retry).toBe(`/oauth/login?return_to=${encodeURIComponent(TOOL_PAGE)}`)
      await screenshot(page, 'login-hub-down')
    } finally {
      await watched.close()
    }
  })
})
