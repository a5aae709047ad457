import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { copyPlugin, PATIENCE_MS, pollUntil } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The tool page's task view (issue 30, item 3, the docs site's part) on the tasks fixture: a
 * `@task` tool is called with `Prefer: respond-async`, its task is followed live to its result or
 * problem, and Cancel sends the DELETE that aborts the tool. The fixture's 2.5 s task limit is
 * raised here, so that a loaded machine does not end a task before the test cancels it.
 */

let browser: Browser
let served: ServedPlugin
let plugin: Awaited<ReturnType<typeof copyPlugin>>

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('tasks-plugin'))
  await writeFile(
    join(plugin.dir, 'portico.config.ts'),
    `import { defineConfig } from 'portico'
export default defineConfig({
  title: 'Tasks',
  limits: { toolTimeoutMs: 1_000, mcpTaskTimeoutMs: 600_000, mcpTaskPollIntervalMs: 100 },
})
`,
  )
  ;[browser, served] = await Promise.all([launchBrowser(), servePlugin(plugin.dir)])
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close()])
  await plugin?.remove()
})

/** Opens a tool's page and calls it with `body` as raw JSON. */
async function call(page: Page, toolId: string, body: unknown) {
  await page.goto(`${served.url}/#/tools/${toolId}`)
  await page.getByTestId('try-it-raw').click({ timeout: PATIENCE_MS })
  await page.getByTestId('try-it-json').fill(JSON.stringify(body))
  await page.getByTestId('try-it-call').click()
}

const status = (page: Page) => page.getByTestId('task-status').textContent()

describe('the tool page’s task view', () => {
  it('follows a task live, its progress announced, to its result', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/tools/Job_count`)
      const toggle = page.getByRole('checkbox', { name: /As a task/ })
      await toggle.waitFor({ timeout: PATIENCE_MS })
      expect(await toggle.isChecked()).toBe(true)
      await call(page, 'Job_count', { steps: 8, stepMs: 250 })
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('202')
      const view = page.getByTestId('task-progress')
      expect(await view.getByRole('status').count()).toBe(1)
      const seen = new Set<string>()
      await pollUntil(async () => {
        const text = (await status(page)) ?? ''
        const step = /step (\d) of 8/.exec(text)?.[1]
        if (step) seen.add(step)
        return text.startsWith('Completed') ? text : undefined
      })
      // The steps were shown as they came (the page reads every 100 ms, a step is 250 ms).
      expect(seen.size).toBeGreaterThanOrEqual(2)
      expect(JSON.parse((await page.getByTestId('task-result').textContent()) ?? '')).toEqual({
        counted: 8,
      })
      expect(await view.getByRole('progressbar').count()).toBe(0)
      expect(await page.getByTestId('task-cancel').count()).toBe(0)
      expect(watched.consoleErrors).toEqual([])
      expect(watched.offOrigin).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('cancels with DELETE: the tool sees its signal abort, the view says Cancelled', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    const mark = join(plugin.dir, 'cancelled-mark')
    try {
      await call(page, 'Job_sleep', { ms: 600_000, mark })
      const cancel = page.getByTestId('task-cancel')
      await cancel.waitFor({ timeout: PATIENCE_MS })
      expect(await status(page)).toMatch(/^Working/)
      expect(await page.getByTestId('task-progress').getByRole('progressbar').count()).toBe(1)
      await cancel.click()
      await expect.poll(() => status(page)).toMatch(/^Cancelled/)
      expect(await pollUntil(() => readFile(mark, 'utf8'))).toBe('aborted')
      // The button went with the work; the focus is on the task, not lost to the body.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('task-title')
      expect(await page.getByTestId('task-result').count()).toBe(0)
    } finally {
      await watched.close()
    }
  })

  it('shows the problem of a task that fails, and a 422 at its field without a task', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await call(page, 'Job_find', { job: 'nightly' })
      await expect.poll(() => status(page)).toMatch(/^Failed/)
      expect(await page.getByTestId('task-problem').textContent()).toBe(
        'Not found: No job named nightly',
      )
      await call(page, 'Job_count', { steps: 'many', stepMs: 1 })
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('422')
      expect(await page.getByTestId('task-progress').count()).toBe(0)
    } finally {
      await watched.close()
    }
  })

  it('calls at once without the choice, and offers none for a tool without @task', async () => {
    const watched = await openWatchedPage(browser, served.url)
    const { page } = watched
    try {
      await page.goto(`${served.url}/#/tools/Job_sleep`)
      await page.getByTestId('try-it-as-task').uncheck({ timeout: PATIENCE_MS })
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill(JSON.stringify({ ms: 300 }))
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      expect(await page.getByTestId('try-it-body').textContent()).toContain('"slept": 300')
      expect(await page.getByTestId('task-progress').count()).toBe(0)
      // A quick call answers at once even as a task (no Preference-Applied), and starts none.
      await page.getByTestId('try-it-as-task').check()
      await page.getByTestId('try-it-json').fill(JSON.stringify({ ms: 1 }))
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-body').textContent()).toContain('"slept": 1')
      expect(await page.getByTestId('task-progress').count()).toBe(0)

      await page.goto(`${served.url}/#/tools/Job_wait`)
      await page.getByTestId('try-it-call').waitFor({ timeout: PATIENCE_MS })
      expect(await page.getByTestId('try-it-as-task').count()).toBe(0)
    } finally {
      await watched.close()
    }
  })
})
