import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The smaller defects of issue 34 (item 5), on the example plugin: a stale JSON error, the skip
 * link, the GFM task-list box's name and Swagger UI's server picker's name.
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

describe('the docs site’s details', () => {
  it('drops the "not valid JSON" error once a call succeeds', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/tools/Notes_create`)
      await page.getByTestId('try-it-raw').click()
      const json = page.getByTestId('try-it-json')
      await json.fill('{"title": ')
      await page.getByTestId('try-it-raw').click()
      const error = page.getByText('This is not valid JSON')
      expect(await error.count()).toBe(1)
      await json.fill('{"title":"Fixed"}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      expect(await error.count()).toBe(0)
    } finally {
      await watched.close()
    }
  })

  it('has a skip link as the first Tab stop, which moves focus to the content', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/tools/Notes_create`)
      await page.locator('main h1').first().waitFor({ timeout: PATIENCE_MS })
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
      await page.keyboard.press('Enter')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
      expect(page.url()).toBe(`${served.url}/#/tools/Notes_create`)
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('names the boxes of a GFM task list', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/skills/note-taking/references/style-guide.md`)
      const boxes = page.locator('main input[type=checkbox]')
      await boxes.first().waitFor({ timeout: PATIENCE_MS })
      expect(await boxes.count()).toBeGreaterThan(0)
      for (const box of await boxes.all()) {
        expect(await box.getAttribute('aria-label')).toMatch(/^(Done|To do)$/)
      }
      expect(await page.getByRole('checkbox', { name: 'To do' }).count()).toBeGreaterThan(0)
    } finally {
      await watched.close()
    }
  })

  it('names Swagger UI’s server picker', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/api/swagger`)
      const servers = page.locator('select#servers')
      await servers.waitFor({ timeout: PATIENCE_MS })
      await expect.poll(() => servers.getAttribute('aria-label')).toBe('Server')
      expect(await page.getByRole('combobox', { name: 'Server' }).count()).toBe(1)
    } finally {
      await watched.close()
    }
  })
})
