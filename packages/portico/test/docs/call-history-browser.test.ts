import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

/**
 * The try-it form's history and saved inputs (issue 34, item 7) on a plugin that needs a token:
 * REST and MCP calls made from the tab are listed with their input, status and time, run again
 * or edited; inputs are saved by name across reloads; and no token is ever written to storage.
 */

const HISTORY_KEY = 'portico.callHistory'
const SAVED_KEY = 'portico.savedInputs'
const TOKEN_KEY = 'portico.accessToken'

let browser: Browser
let issuer: TestIssuer
let served: ServedPlugin
let token: string

beforeAll(async () => {
  issuer = await startTestIssuer()
  ;[browser, served, token] = await Promise.all([
    launchBrowser(),
    servePlugin(fixtureDir('scoped-plugin'), { auth: testAuthSettings(issuer) }),
    issuer.mint({ sub: 'history-user', scope: 'notes notes:write' }),
  ])
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close(), issuer?.close()])
})

/** A fresh context (its own storage) with a page that records console errors. */
async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

async function authorize(page: Page) {
  await page.getByRole('button', { name: 'Authorize' }).click({ timeout: PATIENCE_MS })
  await page.getByLabel('Access token').fill(token)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
}

async function callWithText(page: Page, text: string) {
  await page.locator('input[name="text"]').fill(text)
  await page.getByTestId('try-it-call').click()
  await expect.poll(() => page.getByTestId('try-it-body').textContent()).toContain(text)
}

const entries = (page: Page) => page.getByTestId('history-entry').allTextContents()

/** Every value in both storages, by key. */
function storage(page: Page) {
  return page.evaluate(() => {
    const dump = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i) ?? '').map((key) => [
          key,
          store.getItem(key) ?? '',
        ]),
      )
    return { session: dump(sessionStorage), local: dump(localStorage) }
  })
}

describe('the try-it history and saved inputs', () => {
  it('lists REST and MCP calls, edits and runs one again, and never stores the token', async () => {
    const { context, page, errors } = await newPage()
    try {
      await page.goto(`${served.url}/#/tools/Notes_add`)
      await authorize(page)
      await callWithText(page, 'first')
      await callWithText(page, 'second')
      // An input holding the token is kept with the token cut out.
      await callWithText(page, `the token is ${token}`)
      await expect.poll(() => entries(page)).toHaveLength(3)
      const listed = await entries(page)
      expect(listed[0]).toContain('[access token]')
      expect(listed[1]).toMatch(/REST\s*200.*"text":"second"/)
      expect(listed[2]).toMatch(/REST\s*200.*"text":"first"/)
      expect(await page.locator('.history-entry time').first().getAttribute('datetime')).toMatch(
        /^\d{4}-\d\d-\d\dT/,
      )

      await page
        .getByRole('button', { name: /^Edit the REST call/ })
        .nth(2)
        .click()
      expect(await page.locator('input[name="text"]').inputValue()).toBe('first')
      expect(await entries(page)).toHaveLength(3)
      await page
        .getByRole('button', { name: /^Run again the REST call/ })
        .nth(1)
        .click()
      await expect.poll(() => entries(page)).toHaveLength(4)
      expect((await entries(page))[0]).toContain('"text":"second"')
      expect(await page.getByTestId('try-it-body').textContent()).toContain('"added": "second"')

      // A call on the MCP page lands in the same history.
      await page.goto(`${served.url}/#/mcp/main`)
      await page.getByTestId('mcp-connect').click()
      const tools = page.getByTestId('mcp-tools')
      await tools.getByText('Notes_add', { exact: true }).click({ timeout: PATIENCE_MS })
      await page.getByTestId('mcp-arguments-raw').click()
      await page.getByTestId('mcp-arguments-json').fill('{"text":"over mcp"}')
      await page.getByTestId('mcp-call').click()
      await expect.poll(() => page.getByTestId('mcp-result').textContent()).toContain('over mcp')
      await page.goto(`${served.url}/#/tools/Notes_add`)
      await expect.poll(async () => (await entries(page))[0]).toMatch(/MCP\s*result.*over mcp/)

      const stored = await storage(page)
      expect(stored.session[TOKEN_KEY]).toBe(token)
      for (const [key, value] of Object.entries({ ...stored.session, ...stored.local })) {
        if (key !== TOKEN_KEY) expect(value, key).not.toContain(token)
      }
      expect(stored.session[HISTORY_KEY]).toContain('over mcp')
      expect(stored.session[HISTORY_KEY]?.toLowerCase()).not.toContain('bearer')

      await page.getByRole('button', { name: 'Clear the history' }).click()
      expect(await entries(page)).toEqual([])
      expect((await storage(page)).session[HISTORY_KEY]).toBeUndefined()
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("keeps the Swagger UI view's try-it-out calls in the same history, without the token", async () => {
    const { context, page, errors } = await newPage()
    try {
      await page.goto(`${served.url}/#/api/swagger`)
      await authorize(page)
      // Swagger UI names each operation's block by its tag and operation id.
      const operation = page.locator('.opblock[id$="-Notes_add"]')
      await operation.locator('.opblock-summary').click({ timeout: PATIENCE_MS })
      const body = operation.locator('textarea.body-param__text')
      await body.fill(JSON.stringify({ text: `from swagger with ${token}` }))
      await operation.locator('button.execute').click()
      await expect
        .poll(
          () => operation.locator('.live-responses-table tbody .response-col_status').textContent(),
          {
            timeout: PATIENCE_MS,
          },
        )
        .toContain('200')
      // A refused call is kept too, with its status.
      await body.fill('{"text": 12}')
      await operation.locator('button.execute').click()
      await expect
        .poll(
          () => operation.locator('.live-responses-table tbody .response-col_status').textContent(),
          {
            timeout: PATIENCE_MS,
          },
        )
        .toContain('422')

      await page.goto(`${served.url}/#/tools/Notes_add`)
      await expect.poll(() => entries(page)).toHaveLength(2)
      const [refused, answered] = await entries(page)
      expect(refused).toMatch(/REST\s*422.*"text": 12/)
      expect(answered).toMatch(/REST\s*200.*from swagger with \[access token\]/)
      const stored = await storage(page)
      // Only the calls: Swagger UI's fetch of /open-api.json is no call.
      const kept = JSON.parse(stored.session[HISTORY_KEY] ?? '[]') as { tool: string }[]
      expect(kept.map((call) => call.tool)).toEqual(['/api/Notes/add', '/api/Notes/add'])
      for (const [key, value] of Object.entries({ ...stored.session, ...stored.local })) {
        if (key !== TOKEN_KEY) expect(value, key).not.toContain(token)
      }
      expect(stored.session[HISTORY_KEY]?.toLowerCase()).not.toContain('bearer')
      expect(errors.filter((error) => !error.includes('422'))).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('saves named inputs for the tool across reloads and tabs, loads and deletes them', async () => {
    const { context, page } = await newPage()
    try {
      await page.goto(`${served.url}/#/tools/Notes_add`)
      const name = page.getByLabel('Name', { exact: true })
      await page.locator('input[name="text"]').fill('Buy milk')
      await page.getByRole('button', { name: 'Keep this input' }).click()
      expect(await page.getByRole('alert').textContent()).toBe('Give the input a name first.')
      expect(await name.getAttribute('aria-invalid')).toBe('true')
      await name.fill('groceries')
      await page.getByRole('button', { name: 'Keep this input' }).click()
      await page.locator('input[name="text"]').fill('Call mum')
      await name.fill('family')
      await page.getByRole('button', { name: 'Keep this input' }).click()
      // The same name replaces the input it named.
      await page.locator('input[name="text"]').fill('Call dad')
      await name.fill('family')
      await page.getByRole('button', { name: 'Keep this input' }).click()
      const saved = page.getByTestId('saved-input')
      await expect.poll(() => saved.allTextContents()).toHaveLength(2)

      // Another tab of the browser has them; its history is its own (empty).
      const other = await context.newPage()
      await other.goto(`${served.url}/#/tools/Notes_add`)
      const otherSaved = other.getByTestId('saved-input')
      await otherSaved.first().waitFor({ timeout: PATIENCE_MS })
      expect(await otherSaved.allTextContents()).toEqual([
        expect.stringMatching(/^groceries.*Buy milk/),
        expect.stringMatching(/^family.*Call dad/),
      ])
      await other.getByRole('button', { name: 'Load groceries' }).click()
      expect(await other.locator('input[name="text"]').inputValue()).toBe('Buy milk')
      await other.getByRole('button', { name: 'Delete groceries' }).click()
      await other.reload()
      await otherSaved.first().waitFor({ timeout: PATIENCE_MS })
      expect(await otherSaved.allTextContents()).toEqual([expect.stringMatching(/^family/)])
      // Another tool has none of them.
      await other.goto(`${served.url}/#/tools/Notes_list`)
      await other.getByTestId('saved-inputs').waitFor({ timeout: PATIENCE_MS })
      expect(await otherSaved.count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('reads storage it did not write (hostile, malformed, oversized) without failing', async () => {
    const { context, page, errors } = await newPage()
    try {
      await page.goto(`${served.url}/#/tools/Notes_add`)
      await page.getByTestId('try-it-call').waitFor({ timeout: PATIENCE_MS })
      await page.evaluate(
        ({ history, saved }) => {
          sessionStorage.setItem(
            history,
            JSON.stringify([
              {
                id: 'x',
                surface: 'rest',
                tool: '/api/Notes/add',
                input: '<img src=x onerror=alert(1)>',
                status: 200,
                outcome: 'answered',
                at: new Date().toISOString(),
                ms: 1,
              },
              { surface: 'rest', tool: '/api/Notes/add' },
              'junk',
              null,
            ]),
          )
          localStorage.setItem(saved, '{not json')
        },
        { history: HISTORY_KEY, saved: SAVED_KEY },
      )
      await page.reload()
      await expect.poll(() => entries(page)).toHaveLength(1)
      expect((await entries(page))[0]).toContain('<img src=x onerror=alert(1)>')
      expect(await page.locator('img[src=x]').count()).toBe(0)
      expect(await page.getByTestId('saved-input').count()).toBe(0)

      // A 100 KB input is called, and kept cut: shown, but offered neither to edit nor to run.
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill(JSON.stringify({ text: 'x'.repeat(100_000) }))
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => entries(page)).toHaveLength(2)
      expect((await entries(page))[0]).toContain('Too long to keep whole')
      expect(await page.getByRole('button', { name: /^Run again/ }).count()).toBe(1)
      const kept = JSON.parse((await storage(page)).session[HISTORY_KEY] ?? '[]') as {
        input: string
      }[]
      expect(kept[0]?.input.length).toBe(16_384)
      expect(errors.filter((error) => !error.includes('401'))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
