import { execFile } from 'node:child_process'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage, type WatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

/**
 * The tool page's snippets (issue 34, item 8), each run as shown against the server that shows
 * them: fetch and the MCP SDK call through tsx (and type-checked strictly), Python through
 * Debian's python3 with its standard library, the mcp.json entry through the official client. The
 * plugin needs a token, which the snippets read from $TOKEN and never print.
 */

const repoRoot = resolve(import.meta.dirname, '../../../..')
const exec = promisify(execFile)
/** Debian's Python, as `.ci/run` installs it: the snippet needs nothing beyond its standard library. */
const PYTHON = '/usr/bin/python3'

/** A body no snippet may mangle: quotes of every kind, a backslash, a newline, `$`, non-ASCII. */
const HOSTILE_TEXT = `it's "quoted" \`tick\` \\ back\nline $(id) \${TOKEN} ''' é 🎉`

let browser: Browser
let issuer: TestIssuer
let served: ServedPlugin
let scratch: string
let token: string

beforeAll(async () => {
  issuer = await startTestIssuer()
  ;[browser, served, scratch, token] = await Promise.all([
    launchBrowser(),
    servePlugin(fixtureDir('scoped-plugin'), { auth: testAuthSettings(issuer) }),
    mkdtemp(join(tmpdir(), 'portico-snippets-')),
    issuer.mint({ sub: 'snippet-user', scope: 'notes notes:write' }),
  ])
  // The snippets import the MCP SDK as a project of the reader's would: from its node_modules.
  await symlink(join(repoRoot, 'node_modules'), join(scratch, 'node_modules'), 'dir')
})

afterAll(async () => {
  await Promise.all([browser?.close(), served?.close(), issuer?.close()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** Opens the tool page of Notes_add, authorized when `withToken`, with `body` as raw JSON. */
async function openWithBody(watched: WatchedPage, body: string, withToken: boolean) {
  const { page } = watched
  await page.goto(`${served.url}/#/tools/Notes_add`)
  await page.getByTestId('try-it-raw').waitFor({ timeout: PATIENCE_MS })
  if (withToken) {
    await page.getByRole('button', { name: 'Authorize' }).click()
    await page.getByLabel('Access token').fill(token)
    await page.getByRole('button', { name: 'Save' }).click()
  }
  await page.getByTestId('try-it-raw').click()
  await page.getByTestId('try-it-json').fill(body)
}

/** The code of one tab, as the page shows it (and copies it). */
async function snippet(page: Page, tab: string): Promise<string> {
  await page.getByTestId(`snippet-tab-${tab}`).click()
  const panel = page.getByTestId('snippet-panel')
  await expect.poll(() => panel.getAttribute('aria-labelledby')).toBe(`snippet-tab-${tab}`)
  return (await panel.locator('pre code').textContent()) ?? ''
}

/** Runs a file, with `$TOKEN` set; resolves with what it printed, failing on a non-zero exit. */
async function run(command: string, args: string[], withToken = true): Promise<string> {
  const env = { ...process.env, ...(withToken ? { TOKEN: token } : {}) }
  const { stdout } = await exec(command, args, { cwd: scratch, env })
  return stdout
}

/** `<status> <JSON>`, as the fetch and Python snippets print an answer. */
function statusAndJson(printed: string): { status: number; json: unknown } {
  const match = /^(\d{3}) ([\s\S]*)$/.exec(printed.trim())
  expect(match, printed).not.toBeNull()
  return { status: Number(match?.[1]), json: JSON.parse(match?.[2] ?? '') }
}

const tsx = (file: string) =>
  run(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), file])

describe('the tool page’s snippets', () => {
  it('run as shown: fetch, Python, the MCP SDK and mcp.json call the tool with $TOKEN', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const body = JSON.stringify({ text: HOSTILE_TEXT })
      await openWithBody(watched, body, true)
      const { page } = watched
      await expect.poll(() => page.getByTestId('snippet-tab-mcp-json').count()).toBe(1)
      const code = {
        curl: await snippet(page, 'curl'),
        fetch: await snippet(page, 'fetch'),
        python: await snippet(page, 'python'),
        sdk: await snippet(page, 'mcp-sdk'),
        json: await snippet(page, 'mcp-json'),
      }
      for (const text of Object.values(code)) {
        expect(text).not.toContain(token)
        expect(text).toContain('TOKEN')
      }
      await writeFile(join(scratch, 'fetch.mts'), code.fetch)
      await writeFile(join(scratch, 'mcp.mts'), code.sdk)
      await writeFile(join(scratch, 'call.py'), code.python)

      // Strict TypeScript too, as a reader's project would check them; all at once, to save time.
      const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
      const strict = ['--noEmit', '--strict', '--target', 'ES2023', '--module', 'NodeNext']
      const files = ['--types', 'node', '--skipLibCheck', 'fetch.mts', 'mcp.mts']
      const [fetched, python, sdk, checked] = await Promise.all([
        tsx('fetch.mts'),
        run(PYTHON, ['call.py']),
        tsx('mcp.mts'),
        run(process.execPath, [tsc, ...strict, ...files]),
      ])
      const added = { added: HOSTILE_TEXT }
      expect(statusAndJson(fetched)).toEqual({ status: 200, json: added })
      expect(statusAndJson(python)).toEqual({ status: 200, json: added })
      expect(JSON.parse(sdk)).toEqual(added)
      expect(checked).toBe('')

      // The entry is the server /mcp.json lists, with a header a client fills from $TOKEN.
      const entry = JSON.parse(code.json) as {
        mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>
      }
      const listed = (await (await fetch(`${served.url}/mcp.json`)).json()) as {
        mcpServers: Record<string, { url: string }>
      }
      const [key, server] = Object.entries(entry.mcpServers)[0] ?? []
      expect(Object.keys(entry.mcpServers)).toHaveLength(1)
      expect(listed.mcpServers[key ?? '']?.url).toBe(server?.url)
      expect(server?.type).toBe('http')
      const headers = Object.fromEntries(
        Object.entries(server?.headers ?? {}).map(([name, value]) => [
          name,
          value.replace(`\${TOKEN}`, token),
        ]),
      )
      const client = new Client({ name: 'mcp-json-entry', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server?.url ?? ''), { requestInit: { headers } }),
      )
      try {
        const result = await client.callTool({
          name: 'Notes_add',
          arguments: { text: 'via entry' },
        })
        expect(result.structuredContent).toEqual({ added: 'via entry' })
      } finally {
        await client.close()
      }
      expect(watched.consoleErrors).toEqual([])
      expect(watched.offOrigin).toEqual([])
    } finally {
      await watched.close()
    }
  })

  it('send a body that is not JSON as typed, and print the problem the server answers', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      await openWithBody(watched, '{"text": "unfinished', true)
      const { page } = watched
      await writeFile(join(scratch, 'bad.mts'), await snippet(page, 'fetch'))
      await writeFile(join(scratch, 'bad.py'), await snippet(page, 'python'))
      for (const printed of await Promise.all([tsx('bad.mts'), run(PYTHON, ['bad.py'])])) {
        const { status, json } = statusAndJson(printed)
        expect(status).toBe(400)
        expect(json).toMatchObject({ status: 400 })
      }
    } finally {
      await watched.close()
    }
  })

  it('leave the token out without one, and print the 401 the server answers', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      await openWithBody(watched, JSON.stringify({ text: 'x' }), false)
      const { page } = watched
      const fetchCode = await snippet(page, 'fetch')
      const python = await snippet(page, 'python')
      const entry = await snippet(page, 'mcp-json')
      for (const text of [fetchCode, python, entry])
        expect(text.toLowerCase()).not.toContain('authorization')
      await writeFile(join(scratch, 'anon.mts'), fetchCode)
      await writeFile(join(scratch, 'anon.py'), python)
      const printed = await Promise.all([tsx('anon.mts'), run(PYTHON, ['anon.py'], false)])
      for (const answer of printed) {
        expect(statusAndJson(answer)).toMatchObject({ status: 401, json: { status: 401 } })
      }
    } finally {
      await watched.close()
    }
  })

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await page.goto(`${served.url}/#/tools/Notes_add`)
      const first = page.getByTestId('snippet-tab-curl')
      await first.waitFor({ timeout: PATIENCE_MS })
      await first.focus()
      const focused = () => page.evaluate(() => document.activeElement?.id)
      await page.keyboard.press('ArrowRight')
      expect(await focused()).toBe('snippet-tab-fetch')
      await page.keyboard.press('End')
      expect(await focused()).toBe('snippet-tab-mcp-json')
      expect(await page.getByTestId('snippet-tab-mcp-json').getAttribute('aria-selected')).toBe(
        'true',
      )
      await page.keyboard.press('ArrowRight')
      expect(await focused()).toBe('snippet-tab-curl')
      await page.keyboard.press('ArrowLeft')
      expect(await focused()).toBe('snippet-tab-mcp-json')
      await page.keyboard.press('Home')
      expect(await focused()).toBe('snippet-tab-curl')
      // Only the chosen tab is a Tab stop; the panel follows it.
      expect(await page.locator('[role=tab][tabindex="0"]').count()).toBe(1)
      expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
        'snippet-tab-curl',
      )
    } finally {
      await watched.close()
    }
  })
})
