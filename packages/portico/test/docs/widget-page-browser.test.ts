import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * A widget's page outside a host, and the preview's host context: `/widgets/<toolId>` opened
 * directly says what it is and links to the tool's page; the preview on that page follows the
 * site's theme switch through `ui/notifications/host-context-changed`.
 */

let browser: Browser
let served: ServedPlugin

beforeAll(async () => {
  browser = await launchBrowser()
  served = await servePlugin(notesExampleDir)
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('a widget page opened directly', () => {
  it('explains itself and links to the tool page, with no console error', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/widgets/Notes_list`)
      const notice = page.locator('#portico-outside-host')
      await notice.waitFor({ timeout: PATIENCE_MS })
      expect(await notice.textContent()).toContain('This page is a widget')
      const link = notice.getByRole('link', { name: 'the page of Notes_list' })
      expect(await link.getAttribute('href')).toBe('/#/tools/Notes_list')
      // Long enough for the failed handshake the page used to make to surface.
      await page.waitForTimeout(500)
      await screenshot(page, 'widget-page-direct')
      expect(watched.consoleErrors).toEqual([])
      expect(watched.offOrigin).toEqual([])
      await link.click()
      await page.getByTestId('try-it-call').waitFor()
      expect(page.url()).toBe(`${served.url}/#/tools/Notes_list`)
    } finally {
      await watched.close()
    }
  })
})

describe('the widget preview', () => {
  it('sends each theme switch to the widget, which turns dark and back', async () => {
    const watched = await openWatchedPage(browser, served.url, { colorScheme: 'light' })
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/tools/Notes_list`)
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      const widget = page.frameLocator('[data-testid=widget-preview]')
      await widget.locator('#notes li').first().waitFor({ timeout: PATIENCE_MS })
      const scheme = () =>
        widget.locator('html').evaluate((html) => getComputedStyle(html).colorScheme)
      expect(await scheme()).toBe('light')
      const themeSwitch = page.getByRole('button', { name: /^Theme:/ })
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme)
      // system -> light -> dark
      await themeSwitch.click()
      await expect.poll(theme).toBe('light')
      await themeSwitch.click()
      await expect.poll(theme).toBe('dark')
      await expect.poll(scheme).toBe('dark')
      await screenshot(page, 'widget-preview-dark')
      // dark -> system (light here)
      await themeSwitch.click()
      await expect.poll(scheme).toBe('light')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
