import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addAxe, refusedFindingsInEveryLook } from '../support/axe.js'
import { launchBrowser, openWatchedPage, screenshot } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

/**
 * Tasks on the MCP page (issue 34, item 6): in the 2026-07-28 era a call that declares the tasks
 * extension and is answered with a task shows the task (id, status, progress), asks its input
 * requests in the page's pane and answers them with `tasks/update`, cancels it with
 * `tasks/cancel`, and shows its result or error. On a copy of the tasks fixture whose tasks may
 * run for minutes, so that a busy machine never ends one before the test cancels it.
 */

const plugins = useTempPlugins('mcp-tasks')
let browser: Browser
let served: ServedPlugin

beforeAll(async () => {
  const fixture = fixtureDir('tasks-plugin')
  const read = (file: string) => readFile(join(fixture, file), 'utf8')
  const config = (await read('portico.config.ts')).replace(
    'mcpTaskTimeoutMs: 2_500',
    'mcpTaskTimeoutMs: 300_000',
  )
  expect(config).toContain('300_000')
  const dir = await plugins.plugin(
    {
      'package.json': await read('package.json'),
      'portico.config.ts': config,
      'tools/job.ts': await read('tools/job.ts'),
    },
    // The copy imports `portico` as the fixture does, from this repository, and uses Node's types.
    {
      'node_modules/portico': resolve(import.meta.dirname, '../..'),
      'node_modules/@types/node': resolve(
        import.meta.dirname,
        '../../../../node_modules/@types/node',
      ),
    },
  )
  ;[browser, served] = await Promise.all([launchBrowser(), servePlugin(dir)])
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close()])
})

/** Connects the MCP page in the 2026-07-28 era, opens `tool`, fills its raw arguments. */
async function callAsTask(page: Page, tool: string, args: Record<string, unknown>): Promise<void> {
  await page.goto(`${served.url}/#/mcp/main`)
  await page.getByTestId('mcp-era').selectOption('2026-07-28', { timeout: PATIENCE_MS })
  await page.getByTestId('mcp-connect').click()
  const tools = page.getByTestId('mcp-tools')
  await tools.waitFor({ timeout: PATIENCE_MS })
  await tools.getByText(tool, { exact: true }).click()
  await page.locator('.mcp-tool h3', { hasText: tool }).waitFor()
  await page.getByTestId('mcp-arguments-raw').click()
  await page.getByTestId('mcp-arguments-json').fill(JSON.stringify(args))
  await page.getByTestId('mcp-as-task').check()
  await page.getByTestId('mcp-call').click()
}

const status = (page: Page) => page.getByTestId('mcp-task-status').textContent()

describe('tasks on the MCP page', () => {
  it('follows a task to its result, with its id, status and progress', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await callAsTask(page, 'Job_count', { steps: 4, stepMs: 400 })
      const task = page.getByTestId('mcp-task')
      await task.waitFor({ timeout: PATIENCE_MS })
      expect(await page.getByTestId('mcp-task-id').textContent()).toMatch(/^[\w-]{16,}$/)
      // Read while it works: a step's message is on screen before the result.
      await expect
        .poll(
          () =>
            page
              .getByTestId('mcp-task-message')
              .textContent()
              .catch(() => ''),
          {
            timeout: PATIENCE_MS,
          },
        )
        .toMatch(/^ step [1-4] of 4$/)
      expect(await status(page)).toContain('Working')
      await screenshot(page, 'mcp-task-working')
      await expect.poll(() => status(page), { timeout: PATIENCE_MS }).toContain('Completed')
      expect(await task.textContent()).toContain('"counted": 4')
      expect(await page.getByTestId('mcp-task-cancel').count()).toBe(0)
      // The JSON-RPC log shows the extension's requests.
      const log = await page.getByTestId('mcp-log').textContent()
      expect(log).toContain('tasks/get')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it("answers the task's input request from the pane, through tasks/update", async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    await addAxe(page.context())
    try {
      await callAsTask(page, 'Job_confirm', { what: 'a.txt' })
      const asked = page.getByTestId('mcp-elicitation')
      await asked.waitFor({ timeout: PATIENCE_MS })
      expect(await asked.textContent()).toContain('Delete a.txt?')
      expect(await status(page)).toContain('Waiting for your answer')
      await screenshot(page, 'mcp-task-input')
      expect(await refusedFindingsInEveryLook(page, 'a task asking')).toEqual([])
      await asked.getByLabel('yes', { exact: true }).check()
      await asked.getByTestId('mcp-elicit-accept').click()
      await expect.poll(() => status(page), { timeout: PATIENCE_MS }).toContain('Completed')
      expect(await page.getByTestId('mcp-task').textContent()).toContain('deleted a.txt')
      expect(await page.getByTestId('mcp-elicitation').count()).toBe(0)
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('cancels a running task with tasks/cancel, and keeps the focus on the task', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await callAsTask(page, 'Job_sleep', { ms: 120_000 })
      const cancel = page.getByTestId('mcp-task-cancel')
      await cancel.waitFor({ timeout: PATIENCE_MS })
      await cancel.click()
      await expect.poll(() => status(page), { timeout: PATIENCE_MS }).toContain('Cancelled')
      expect(await cancel.count()).toBe(0)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('mcp-task-title')
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it("shows a task's error, and a fast call's result at once without a task", async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await callAsTask(page, 'Job_find', { job: 'nightly' })
      const task = page.getByTestId('mcp-task')
      await task.waitFor({ timeout: PATIENCE_MS })
      await expect
        .poll(() => task.textContent(), { timeout: PATIENCE_MS })
        .toContain('No job named nightly')
      expect(await status(page)).toMatch(/Completed|Failed/)

      await callAsTask(page, 'Job_sleep', { ms: 1 })
      const result = page.getByTestId('mcp-result')
      await expect
        .poll(() => result.textContent(), { timeout: PATIENCE_MS })
        .toContain('"slept": 1')
      expect(await page.getByTestId('mcp-task').count()).toBe(0)
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
