import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The MCP page as a client of resources and prompts (issue 34, item 6, its first part): on the
 * resources fixture, a resource is read, a template filled in and read (a bad value refused by
 * the server and said so), and a prompt got with its argument, through the official SDK client.
 */

let browser: Browser
let served: ServedPlugin

beforeAll(async () => {
  ;[browser, served] = await Promise.all([
    launchBrowser(),
    servePlugin(fixtureDir('resources-plugin')),
  ])
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close()])
})

async function connect(page: Page) {
  await page.goto(`${served.url}/#/mcp/main`)
  await page.getByTestId('mcp-connect').click({ timeout: PATIENCE_MS })
  await page.getByTestId('mcp-tools').waitFor({ timeout: PATIENCE_MS })
}

const resources = (page: Page) => page.locator('section[aria-labelledby=mcp-resources-heading]')

describe('the MCP page’s resources and prompts', () => {
  it('reads a resource and a filled template, and says when the server refuses', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await connect(page)
      await page.getByRole('button', { name: 'Read test://static-text' }).click()
      const pane = page.getByTestId('mcp-resource')
      await expect.poll(() => pane.textContent()).toContain('Static text, served as it is.')

      const template = resources(page).locator('form', { hasText: 'test://template/{id}/data' })
      await template.getByLabel('id').fill('7')
      await template.getByRole('button', { name: /^Read/ }).click()
      await expect.poll(() => pane.textContent()).toContain('"name":"Item 7"')
      expect(await pane.textContent()).toContain('test://template/7/data')

      // A template whose method throws: the error answer is said, as an alert.
      const broken = resources(page).locator('form', { hasText: 'test://broken/{why}' })
      await broken.getByLabel('why').fill('a/b c')
      await broken.getByRole('button', { name: /^Read/ }).click()
      await expect.poll(() => pane.getByRole('alert').count()).toBe(1)
      expect(await pane.getByRole('alert').textContent()).toMatch(/^The server refused: /)

      await template.getByLabel('id').fill('500')
      await template.getByRole('button', { name: /^Read/ }).click()
      await expect.poll(() => pane.getByRole('alert').textContent()).toContain('No item 500')
      await expect.poll(() => page.getByTestId('mcp-log').textContent()).toContain('resources/read')
      expect(watched.offOrigin).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('gets a prompt with its argument', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await connect(page)
      const prompts = page.locator('section[aria-labelledby=mcp-prompts-heading]')
      const review = prompts.locator('form', { hasText: 'review' })
      await review.getByLabel(/^tone/).fill('friendly')
      await review.getByRole('button', { name: 'Get review' }).click()
      const pane = page.getByTestId('mcp-prompt')
      await expect.poll(() => pane.textContent()).toContain('Review the item in a friendly tone.')
      expect(await pane.locator('.badge').first().textContent()).toBe('user')
      await expect.poll(() => page.getByTestId('mcp-log').textContent()).toContain('prompts/get')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
