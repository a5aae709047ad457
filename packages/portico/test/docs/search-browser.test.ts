import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAxe, refusedFindings } from '../support/axe.js'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The docs site's search (issue 34, item 9) on the example plugin: opened by `/` or Ctrl+K, it
 * finds tools, prompts, skills and agents by name, description and parameter name, and is used
 * with the keyboard alone through a combobox that owns a listbox, with no critical or serious
 * axe-core finding.
 */

let browser: Browser
let served: ServedPlugin

beforeAll(async () => {
  ;[browser, served] = await Promise.all([launchBrowser(), servePlugin(notesExampleDir)])
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close()])
})

/** Opens a route and waits for its heading. */
async function open(page: Page, route: string) {
  await page.goto(`${served.url}/#/${route}`)
  await page.locator('main h1').first().waitFor({ timeout: PATIENCE_MS })
}

/** The results as the listbox shows them: each option's text. */
async function results(page: Page): Promise<string[]> {
  return page.getByRole('listbox', { name: 'Results' }).getByRole('option').allTextContents()
}

const combobox = (page: Page) =>
  page.getByRole('combobox', { name: 'Search tools, prompts, skills and agents' })

describe('the docs site’s search', () => {
  it('opens with /, finds a tool by a parameter name and opens it with the keyboard', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await open(page, '')
      await page.keyboard.press('/')
      // Typed at once: the field has the focus as soon as the dialog is there.
      await page.keyboard.type('patch')
      const field = combobox(page)
      expect(await field.inputValue()).toBe('patch')
      await expect.poll(() => results(page)).toEqual([expect.stringContaining('Update note')])
      expect((await results(page))[0]).toContain('parameter patch')
      expect(await field.getAttribute('aria-expanded')).toBe('true')
      expect(await page.getByRole('status').filter({ hasText: 'result' }).textContent()).toBe(
        '1 result.',
      )
      await page.keyboard.press('Enter')
      await page.waitForURL(`${served.url}/#/tools/Notes_update`)
      expect(await page.getByTestId('search-dialog').isVisible()).toBe(false)
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
      expect(watched.consoleErrors).toEqual([])
      expect(watched.offOrigin).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('finds prompts by argument, skills and agents by description; arrows move the choice', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await open(page, 'tools')
      await page.keyboard.press('/')
      await page.keyboard.type('audience')
      await expect
        .poll(() => results(page))
        .toEqual([
          expect.stringMatching(/^Tool.*Publish note.*parameter audience/),
          expect.stringMatching(/^Prompt.*Draft a note.*parameter audience/),
        ])
      const field = combobox(page)
      const activeText = async () => {
        const id = await field.getAttribute('aria-activedescendant')
        const option = page.locator(`[id="${id}"]`)
        expect(await option.getAttribute('aria-selected')).toBe('true')
        expect(await page.locator('[role=option][aria-selected=true]').count()).toBe(1)
        return option.textContent()
      }
      expect(await activeText()).toContain('Publish note')
      await page.keyboard.press('ArrowDown')
      expect(await activeText()).toContain('Draft a note')
      await page.keyboard.press('ArrowDown')
      expect(await activeText()).toContain('Publish note')
      await page.keyboard.press('ArrowUp')
      expect(await activeText()).toContain('Draft a note')

      // Every word must match; the words may match different fields.
      await field.fill('weekly archiving')
      await expect
        .poll(() => results(page))
        .toEqual([expect.stringMatching(/^Skill.*weekly-review/)])
      await field.fill('transcript')
      await expect
        .poll(() => results(page))
        .toEqual([expect.stringMatching(/^Agent.*meeting-scribe.*in its description/)])
      await page.keyboard.press('Enter')
      await page.waitForURL(`${served.url}/#/agents/meeting-scribe`)
    } finally {
      await watched.close()
    }
  })

  it('says when nothing matches, takes hostile text as text, and closes with Escape', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await open(page, 'tools')
      const button = page.getByTestId('search-open')
      await button.click()
      const field = combobox(page)
      for (const query of ['.*[(', '<img src=x onerror=alert(1)>', 'x'.repeat(2_000)]) {
        await field.fill(query)
        await expect
          .poll(() => page.locator('#search-status').textContent())
          .toBe(`Nothing matches ${query}.`)
        expect(await page.getByRole('listbox').count()).toBe(0)
        expect(await field.getAttribute('aria-expanded')).toBe('false')
        expect(await field.getAttribute('aria-activedescendant')).toBeNull()
      }
      expect(await page.locator('img[src=x]').count()).toBe(0)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByTestId('search-dialog').isVisible()).toBe(false)
      // Focus goes back where it was: the button that opened it.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'search-open',
      )
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('opens with Ctrl+K from a text field, where / stays a character', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await open(page, 'tools/Notes_create')
      const title = page.locator('input[name="title"]')
      await title.click()
      await page.keyboard.type('a/b')
      expect(await title.inputValue()).toBe('a/b')
      expect(await page.getByTestId('search-dialog').count()).toBe(0)
      await page.keyboard.press('Control+k')
      const field = combobox(page)
      await expect.poll(() => field.evaluate((node) => node === document.activeElement)).toBe(true)
      // Opened again, it keeps what was typed, selected, to be typed over.
      await page.keyboard.type('rename')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Control+k')
      await expect.poll(() => field.evaluate((node) => node === document.activeElement)).toBe(true)
      expect(
        await field.evaluate((node) => {
          const input = node as HTMLInputElement
          return input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)
        }),
      ).toBe('rename')
    } finally {
      await watched.close()
    }
  })

  it('has no critical or serious axe finding with results open, light and dark, 1440 and 390 px', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await addAxe(page.context())
      await open(page, 'tools')
      await page.keyboard.press('/')
      await page.keyboard.type('note')
      await page.keyboard.press('ArrowDown')
      await expect.poll(async () => (await results(page)).length).toBeGreaterThan(3)
      const findings: string[] = []
      for (const width of [1440, 390]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
          await page.emulateMedia({ colorScheme })
          findings.push(...(await refusedFindings(page, `search at ${width} px, ${colorScheme}`)))
        }
      }
      expect(findings).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
