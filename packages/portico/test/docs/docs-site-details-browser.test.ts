import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The smaller defects of issue 34 (item 5), on the example plugin: a stale JSON error, the skip
 * link, the GFM task-list box's name, Swagger UI's server picker's name, the keyboard focus on
 * Call and Connect, scrolling code blocks reachable by keyboard, and no layout shift on load;
 * and (issue 35) a tool input drawn from a request body several tools share by `$ref`.
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

  it('draws the input of a tool whose request body it shares with others (a $ref)', async () => {
    const document = (await (await fetch(`${served.url}/open-api.json`)).json()) as {
      paths: Record<string, { post: { requestBody: unknown } }>
    }
    // get and remove take the same NoteRef: one body under components.requestBodies.
    expect(document.paths['/api/Notes/get']?.post.requestBody).toEqual({
      $ref: '#/components/requestBodies/NoteRef',
    })
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/tools/Notes_get`)
      await page.getByLabel('id', { exact: true }).first().waitFor({ timeout: PATIENCE_MS })
      expect(await page.locator('main').textContent()).toContain("The note's id")
      await page.goto(`${served.url}/#/api`)
      const operation = page.getByTestId('api-operation').filter({ hasText: '/api/Notes/get' })
      await operation.scrollIntoViewIfNeeded()
      await expect
        .poll(() => operation.locator('.api-columns').first().textContent(), {
          timeout: PATIENCE_MS,
        })
        .toContain("The note's id")
      expect(await operation.textContent()).toContain('required')
      expect(watched.consoleErrors).toEqual([])
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

  it('keeps the keyboard focus on Call and on Connect while they work', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)
    try {
      await page.goto(`${served.url}/#/tools/Notes_list`)
      const call = page.getByTestId('try-it-call')
      await call.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      expect(await focused()).toBe('try-it-call')

      await page.goto(`${served.url}/#/mcp/main`)
      await page.getByTestId('mcp-connect').focus()
      await page.keyboard.press('Enter')
      await page.getByTestId('mcp-tools').waitFor({ timeout: PATIENCE_MS })
      // The same button, now Disconnect, keeps the focus.
      expect(await focused()).toBe('mcp-disconnect')
      await page.getByTestId('mcp-tools').getByText('Notes_list', { exact: true }).first().click()
      await page.getByTestId('mcp-call').focus()
      await page.keyboard.press('Enter')
      await expect
        .poll(() => page.getByTestId('mcp-result').textContent(), { timeout: PATIENCE_MS })
        .toContain('isError: false')
      expect(await focused()).toBe('mcp-call')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('lets the keyboard reach a code block that scrolls at 390 px, and only one that scrolls', async () => {
    const watched = await openWatchedPage(browser, served.url, { width: 390 })
    const { page } = watched
    try {
      await page.goto(served.url)
      await page.locator('main h1').first().waitFor({ timeout: PATIENCE_MS })
      const blocks = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('main pre')].map((pre) => ({
            scrolls: pre.scrollWidth > pre.clientWidth,
            tabIndex: pre.tabIndex,
          })),
        )
      await expect
        .poll(async () => (await blocks()).filter((block) => block.scrolls).length)
        .toBeGreaterThan(0)
      await expect
        .poll(async () =>
          (await blocks()).every((block) => (block.tabIndex === 0) === block.scrolls),
        )
        .toBe(true)
      // Wide enough for every block, none is a Tab stop any more.
      await page.setViewportSize({ width: 1900, height: 900 })
      await expect
        .poll(async () => (await blocks()).filter((block) => block.tabIndex === 0).length)
        .toBe(0)
    } finally {
      await watched.close()
    }
  })

  it.each([
    ['overview', '/'],
    ['tool page', '/#/tools/Notes_create'],
  ])('does not shift the %s’s layout as it loads', async (_name, path) => {
    for (const width of [390, 1440]) {
      const watched = await openWatchedPage(browser, served.url, { width })
      const { page } = watched
      try {
        // Every shift not caused by input, from the first one on (as Cumulative Layout Shift).
        await page.addInitScript(() => {
          const shifts: number[] = []
          Object.assign(window, { layoutShifts: shifts })
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number
              hadRecentInput: boolean
            })[]) {
              if (!entry.hadRecentInput) shifts.push(entry.value)
            }
          }).observe({ type: 'layout-shift', buffered: true })
        })
        await page.goto(`${served.url}${path}`)
        await page.locator('main h1').first().waitFor({ timeout: PATIENCE_MS })
        await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null)
        // Two frames after the last change, so its shift is recorded.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        )
        const shift = await page.evaluate(() =>
          (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
        )
        expect(shift, `${path} at ${width} px`).toBeLessThan(0.01)
      } finally {
        await watched.close()
      }
    }
  })
})
