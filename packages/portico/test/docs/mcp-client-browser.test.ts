import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAxe, refusedFindingsInEveryLook } from '../support/axe.js'
import { launchBrowser, openWatchedPage, screenshot, type WatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

/**
 * The MCP page as a full client (issue 34, item 6): a tool called from the form generated from
 * its input schema, an elicitation and a sampling request answered from the page's pane, a
 * call's progress seen while it runs, its log messages listed, and bad input (JSON that does
 * not parse, a body the server refuses with 413) said plainly. On a copy of the context fixture
 * (the tools that talk back) with a long tool timeout, since a person answers here, a small body
 * limit, and a tool whose second step waits until the test lets it go on.
 */

/** Request bodies past this are refused with 413: a long argument reaches it. */
const BODY_LIMIT = 4096

/** Reports step 1, waits for `release`, reports step 2: progress that is seen mid-call. */
const PACE_TOOL = `import type { PorticoToolContext } from 'portico'

let release: (() => void) | undefined

/** A call the test paces. */
export class Pace {
  /** Reports step 1 of 2, waits until \`release\` is called, then reports step 2 and answers. */
  async steps(_input: Record<string, never>, ctx: PorticoToolContext): Promise<{ done: number }> {
    await ctx.progress(1, 2, 'Step 1 of 2')
    await new Promise<void>((resolve) => {
      release = resolve
    })
    await ctx.progress(2, 2, 'Step 2 of 2')
    return { done: 2 }
  }

  /** Lets a waiting \`steps\` go on; says whether one was waiting. */
  async release(): Promise<{ released: boolean }> {
    const waiting = release
    release = undefined
    waiting?.()
    return { released: waiting !== undefined }
  }
}
`

const plugins = useTempPlugins('mcp-client')
let browser: Browser
let served: ServedPlugin

beforeAll(async () => {
  const fixture = fixtureDir('context-plugin')
  const read = (file: string) => readFile(join(fixture, file), 'utf8')
  const config = (await read('portico.config.ts')).replace(
    'limits: { toolTimeoutMs: 5_000 }',
    `limits: { toolTimeoutMs: 300_000, bodyBytes: ${BODY_LIMIT} }`,
  )
  expect(config).toContain('bodyBytes')
  const dir = await plugins.plugin(
    {
      'package.json': await read('package.json'),
      'portico.config.ts': config,
      'tools/talk.ts': await read('tools/talk.ts'),
      'tools/pace.ts': PACE_TOOL,
    },
    // The copy imports `portico` as the fixture does, from this repository.
    { 'node_modules/portico': resolve(import.meta.dirname, '../..') },
  )
  ;[browser, served] = await Promise.all([launchBrowser(), servePlugin(dir)])
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close()])
})

/** Connects the MCP page in `era` and opens the form of `tool`. */
async function openTool(page: Page, tool: string, era = '2025-11-25'): Promise<void> {
  await page.goto(`${served.url}/#/mcp/main`)
  await page.getByTestId('mcp-era').selectOption(era, { timeout: PATIENCE_MS })
  await page.getByTestId('mcp-connect').click()
  const tools = page.getByTestId('mcp-tools')
  await tools.waitFor({ timeout: PATIENCE_MS })
  await tools.getByText(tool, { exact: true }).click()
  await page.locator('.mcp-tool h3', { hasText: tool }).waitFor()
}

const result = (page: Page) => page.getByTestId('mcp-result')

/** A page with axe-core in it, for the parts a call brings up. */
async function openAxePage(): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser, served.url)
  await addAxe(watched.page.context())
  return watched
}

describe('the MCP page as a client', () => {
  it('calls a tool from the form generated from its input schema', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await openTool(page, 'Talk_echo')
      await page.getByLabel('word', { exact: true }).fill('lighthouse')
      await page.getByTestId('mcp-call').click()
      await expect
        .poll(() => result(page).textContent(), { timeout: PATIENCE_MS })
        .toContain('"word": "lighthouse"')
      // The form and the raw text are one input: Raw JSON shows what the form holds.
      await page.getByTestId('mcp-arguments-raw').click()
      expect(JSON.parse(await page.getByTestId('mcp-arguments-json').inputValue())).toEqual({
        word: 'lighthouse',
      })
      expect(watched.consoleErrors).toEqual([])
      expect(watched.offOrigin).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it.each(['2025-11-25', '2026-07-28'])(
    'answers an elicitation from the pane in era %s, and the tool goes on with the answer',
    async (era) => {
      const watched = await openAxePage()
      const { page } = watched
      try {
        await openTool(page, 'Talk_greet', era)
        await page.getByTestId('mcp-call').click()
        const asked = page.getByTestId('mcp-elicitation')
        await asked.waitFor({ timeout: PATIENCE_MS })
        expect(await asked.textContent()).toContain('What is your name?')
        await screenshot(page, `mcp-elicitation-${era}`)
        expect(await refusedFindingsInEveryLook(page, 'the elicitation pane')).toEqual([])
        // The requested schema's one field, generated by the try-it form.
        await asked.getByLabel('name', { exact: true }).fill('Ada')
        await asked.getByTestId('mcp-elicit-accept').click()
        await expect
          .poll(() => result(page).textContent(), { timeout: PATIENCE_MS })
          .toContain('Hello, Ada!')
        expect(await page.getByTestId('mcp-elicitation').count()).toBe(0)

        // Declined, the tool goes on without a name.
        await page.getByTestId('mcp-call').click()
        await page.getByTestId('mcp-elicit-decline').click({ timeout: PATIENCE_MS })
        await expect
          .poll(() => result(page).textContent(), { timeout: PATIENCE_MS })
          .toContain('Hello, stranger!')
        expect(watched.consoleErrors).toEqual([])
      } finally {
        await watched.close()
      }
    },
  )

  it('answers a sampling request with the reply the person types', async () => {
    const watched = await openAxePage()
    const { page } = watched
    try {
      await openTool(page, 'Talk_summarize', '2026-07-28')
      await page.getByLabel('text', { exact: true }).fill('a long meeting')
      await page.getByTestId('mcp-call').click()
      const asked = page.getByTestId('mcp-sampling')
      await asked.waitFor({ timeout: PATIENCE_MS })
      expect(await asked.textContent()).toContain('Summarise: a long meeting')
      await asked.getByTestId('mcp-sample-reply').fill('They met.')
      await screenshot(page, 'mcp-sampling')
      expect(await refusedFindingsInEveryLook(page, 'the sampling pane')).toEqual([])
      await asked.getByTestId('mcp-sample-send').click()
      await expect
        .poll(() => result(page).textContent(), { timeout: PATIENCE_MS })
        .toContain('"summary": "They met."')
      expect(await result(page).textContent()).toContain('a person at the docs site')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('shows the progress of a running call as it arrives', async () => {
    const watched = await openAxePage()
    const { page } = watched
    try {
      await openTool(page, 'Pace_steps')
      await page.getByTestId('mcp-call').click()
      const bar = page.getByTestId('mcp-progress')
      await bar.waitFor({ timeout: PATIENCE_MS })
      // Step 1 is on screen while the call still runs: the tool waits for the release below.
      expect(await bar.evaluate((element: HTMLProgressElement) => element.value)).toBe(1)
      expect(await bar.evaluate((element: HTMLProgressElement) => element.max)).toBe(2)
      expect(await page.getByTestId('mcp-call').textContent()).toBe('Calling…')
      expect(await page.getByTestId('mcp-call-log').textContent()).toContain('Step 1 of 2')
      await screenshot(page, 'mcp-progress')
      expect(await refusedFindingsInEveryLook(page, 'a running call')).toEqual([])
      await expect
        .poll(async () => {
          const response = await fetch(`${served.url}/api/Pace/release`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
          return ((await response.json()) as { released: boolean }).released
        })
        .toBe(true)
      await expect
        .poll(() => result(page).textContent(), { timeout: PATIENCE_MS })
        .toContain('"done": 2')
      expect(await bar.evaluate((element: HTMLProgressElement) => element.value)).toBe(2)
      expect(await page.getByTestId('mcp-call-log').textContent()).toContain('Step 2 of 2')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it("lists the call's log messages under it", async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await openTool(page, 'Talk_logs')
      await page.getByTestId('mcp-call').click()
      await expect
        .poll(() => result(page).textContent(), { timeout: PATIENCE_MS })
        .toContain('"logged": 4')
      // A stateless 2025 server forgets the level the client set: it sends every message.
      const log = page.getByTestId('mcp-call-log').locator('li')
      await expect.poll(() => log.count()).toBe(4)
      expect(await log.allTextContents()).toEqual(
        ['debug', 'info', 'warning', 'error'].map(
          (level) => `${level} {"level":"${level}","text":"a ${level} message"}`,
        ),
      )
    } finally {
      await watched.close()
    }
  })

  it('says what is wrong with bad input: JSON that does not parse, a body the server refuses', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await openTool(page, 'Talk_echo')
      await page.getByTestId('mcp-arguments-raw').click()
      const raw = page.getByTestId('mcp-arguments-json')
      await raw.fill('{"word": ')
      await page.getByTestId('mcp-call').click()
      const invalid = page.getByRole('alert')
      await expect.poll(() => invalid.textContent()).toMatch(/^This is not valid JSON: /)
      expect(await raw.getAttribute('aria-invalid')).toBe('true')
      expect(await result(page).textContent()).toBe('No call yet.')

      // Past the server's body limit: its 413 and its reason, not the SDK's raw text.
      await raw.fill(JSON.stringify({ word: 'x'.repeat(BODY_LIMIT) }))
      await page.getByTestId('mcp-call').click()
      const refused = result(page).getByRole('alert')
      await refused.waitFor({ timeout: PATIENCE_MS })
      expect(await refused.textContent()).toBe(
        `Could not call: the server refused the request with HTTP 413 Payload Too Large: The body exceeds the limit of ${BODY_LIMIT} bytes.`,
      )
      expect(await raw.getAttribute('aria-invalid')).toBe('false')
    } finally {
      await watched.close()
    }
  })
})
