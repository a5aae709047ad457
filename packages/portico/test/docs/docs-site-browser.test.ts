import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PluginOverview } from '../../src/surfaces/documents/plugin-overview-types.js'
import { launchBrowser, openWatchedPage, screenshot, type WatchedPage } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { docsSiteRoutes } from '../support/docs-site-routes.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from '../support/test-issuer.js'

/**
 * The docs site in headless Chromium against two real plugins: the example, and a fixture with
 * nested, union, nullable and recursive types and no prompts or skills, so nothing is tuned to
 * the example. Every page is read from the plugin's own documents.
 */

interface Sample {
  dir: string
  /** A tool to call from its page, with raw JSON input, and a text its result holds. */
  call: { toolId: string; input: string; expect: string }
  /** Input that fails validation, and the field the 422 names. */
  invalid: { toolId: string; input: string; field: string }
}

const samples: Record<string, Sample> = {
  notes: {
    dir: notesExampleDir,
    call: {
      toolId: 'Notes_create',
      input: '{"title":"From the browser"}',
      expect: 'From the browser',
    },
    invalid: { toolId: 'Notes_create', input: '{"title":42}', field: 'title' },
  },
  shapes: {
    dir: fixtureDir('shapes-plugin'),
    call: {
      toolId: 'Trees_measure',
      input: '{"root":{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}}',
      expect: 'depth',
    },
    invalid: {
      toolId: 'Geometry_scale',
      input: '{"points":[],"factor":"big","label":{"text":"x","note":null}}',
      field: 'factor',
    },
  },
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Opens a route and waits for its page heading; fails on the not-found page. */
async function openRoute(page: Page, url: string, route: string): Promise<void> {
  await page.goto(`${url}/#/${route}`)
  const heading = page.locator('main h1').first()
  await heading.waitFor({ timeout: PATIENCE_MS })
  expect(await heading.textContent(), route).not.toBe('Not found')
}

/** Controls a screen reader could not name (Swagger UI's own markup aside). */
function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]')]
      .filter((element) => !element.closest('.swagger-ui') && element.getClientRects().length > 0)
      .filter((element) => {
        if (element instanceof HTMLInputElement && element.type === 'hidden') return false
        const labelled =
          ('labels' in element && (element as HTMLInputElement).labels?.length) ||
          element.getAttribute('aria-label') ||
          element.getAttribute('aria-labelledby') ||
          element.title
        const text = element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement
        return !labelled && !(text && element.textContent?.trim())
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  )
}

async function expectClean(watched: WatchedPage, what: string): Promise<void> {
  expect(watched.consoleErrors, `${what}: console errors`).toEqual([])
  expect(watched.offOrigin, `${what}: requests off the origin`).toEqual([])
}

describe.each(Object.keys(samples))('the docs site of %s', (name) => {
  const sample = samples[name] as Sample
  let served: ServedPlugin
  let overview: PluginOverview

  beforeAll(async () => {
    served = await servePlugin(sample.dir)
    overview = (await (
      await fetch(`${served.url}/com.portico.plugin/contents.json`)
    ).json()) as PluginOverview
  })
  afterAll(() => served?.close())

  it('renders every page with no console error and no request off the origin', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      for (const route of docsSiteRoutes(overview)) {
        await openRoute(watched.page, served.url, route)
        if (route === 'api/swagger') await watched.page.locator('.opblock').first().waitFor()
        expect(await unnamedControls(watched.page), `${route}: controls without a name`).toEqual([])
        await screenshot(
          watched.page,
          `${name}-${route.replaceAll('/', '-') || 'overview'}-1280-light`,
        )
      }
      await expectClean(watched, name)
    } finally {
      await watched.close()
    }
  })

  it('renders each kind of page at 390 px and in dark mode too', async () => {
    const kinds = ['', 'tools', `tools/${sample.call.toolId}`, 'mcp/main', 'api', 'api/swagger']
    if (overview.prompts[0]) kinds.push(`prompts/${overview.prompts[0].name}`)
    if (overview.skills[0]) kinds.push(`skills/${overview.skills[0].name}`)
    if (overview.agents[0]) kinds.push(`agents/${overview.agents[0].name}`)
    for (const [width, colorScheme] of [
      [390, 'light'],
      [1280, 'dark'],
      [390, 'dark'],
    ] as const) {
      const watched = await openWatchedPage(browser, served.url, { width, colorScheme })
      try {
        for (const route of kinds) {
          await openRoute(watched.page, served.url, route)
          if (route === 'api/swagger') await watched.page.locator('.opblock').first().waitFor()
          const scrollWidth = await watched.page.evaluate(
            () => document.documentElement.scrollWidth,
          )
          expect(scrollWidth, `${route} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width)
          await screenshot(
            watched.page,
            `${name}-${route.replaceAll('/', '-') || 'overview'}-${width}-${colorScheme}`,
          )
        }
        await expectClean(watched, `${name} ${width} ${colorScheme}`)
      } finally {
        await watched.close()
      }
    }
  })

  it('calls a tool from its page and shows the result, status and curl line', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await openRoute(page, served.url, `tools/${sample.call.toolId}`)
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill(sample.call.input)
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      expect(await page.getByTestId('try-it-body').textContent()).toContain(sample.call.expect)
      expect(await page.locator('main').textContent()).toContain('curl')
      await expectClean(watched, 'try-it')
    } finally {
      await watched.close()
    }
  })

  it('shows the 422 details next to the field', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await openRoute(page, served.url, `tools/${sample.invalid.toolId}`)
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill(sample.invalid.input)
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('422')
      // Back in the form, the message sits with the field it names.
      await page.getByTestId('try-it-raw').click()
      const field = page.getByLabel(sample.invalid.field, { exact: true }).first()
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      const described = (await field.getAttribute('aria-describedby')) ?? ''
      const errorId = described.split(' ').find((id) => id.endsWith('-error'))
      expect(errorId, 'the field points at its error').toBeTruthy()
      expect(await page.locator(`[id="${errorId}"]`).textContent()).toMatch(/must be/)
    } finally {
      await watched.close()
    }
  })

  it('lists every operation in both API views', async () => {
    const openApi = (await (await fetch(`${served.url}/open-api.json`)).json()) as {
      paths: Record<string, unknown>
    }
    const operations = Object.keys(openApi.paths).length
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await openRoute(page, served.url, 'api')
      await expect.poll(() => page.getByTestId('api-operation').count()).toBe(operations)
      // Operations below the first screen draw their request and responses when scrolled to.
      const last = page.getByTestId('api-operation').last()
      await last.scrollIntoViewIfNeeded()
      await last.locator('.api-columns').waitFor({ timeout: PATIENCE_MS })
      expect(await page.getByTestId('api-operation-pending').count()).toBeLessThan(operations)
      await openRoute(page, served.url, 'api/swagger')
      await page.locator('.opblock').first().waitFor()
      expect(await page.locator('.opblock').count()).toBe(operations)
      await expectClean(watched, 'api views')
    } finally {
      await watched.close()
    }
  })

  it.each(['2025-11-25', '2026-07-28'])(
    'lists and calls a tool on the MCP page in era %s',
    async (era) => {
      const watched = await openWatchedPage(browser, served.url)
      try {
        const { page } = watched
        await openRoute(page, served.url, 'mcp/main')
        await page.getByTestId('mcp-era').selectOption(era)
        await page.getByTestId('mcp-connect').click()
        const tools = page.getByTestId('mcp-tools')
        await expect
          .poll(() => tools.textContent(), { timeout: PATIENCE_MS })
          .toContain(sample.call.toolId)
        for (const tool of overview.tools) expect(await tools.textContent()).toContain(tool.id)
        await tools.getByText(sample.call.toolId, { exact: true }).first().click()
        await page.getByTestId('mcp-arguments-raw').click()
        await page.getByTestId('mcp-arguments-json').fill(sample.call.input)
        await page.getByTestId('mcp-call').click()
        await expect
          .poll(() => page.getByTestId('mcp-result').textContent(), { timeout: PATIENCE_MS })
          .toContain(sample.call.expect)
        await expect.poll(() => page.getByTestId('mcp-log').textContent()).toContain('tools/call')
        await expectClean(watched, `mcp ${era}`)
      } finally {
        await watched.close()
      }
    },
  )

  it('reaches the top bar and the try-it form with the keyboard alone', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await openRoute(page, served.url, `tools/${sample.call.toolId}`)
      const reached = new Set<string>()
      for (let step = 0; step < 300 && !reached.has('Call'); step++) {
        await page.keyboard.press('Tab')
        const name = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null
          return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? ''
        })
        reached.add(name)
      }
      expect([...reached]).toEqual(expect.arrayContaining(['Authorize', 'Tools', 'Call']))
      // Enter on the focused button calls the tool, as a click would.
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toMatch(/\d{3}/)
    } finally {
      await watched.close()
    }
  })

  it('renders a prompt through prompts/get, a skill file, and an agent as JSON', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      for (const prompt of overview.prompts) {
        await openRoute(page, served.url, `prompts/${prompt.name}`)
        const values = new Map(
          prompt.arguments.map((argument) => [argument.name, `v-${argument.name}`]),
        )
        for (const [name, value] of values) {
          await page.getByRole('textbox', { name, exact: true }).fill(value)
        }
        await page.getByTestId('prompt-render').click()
        const result = page.getByTestId('prompt-result')
        await expect.poll(() => result.textContent()).toMatch(/user|assistant/i)
        for (const value of values.values()) expect(await result.textContent()).toContain(value)
      }
      for (const skill of overview.skills) {
        const file = skill.files.find((name) => name !== 'SKILL.md')
        if (file === undefined) continue
        await openRoute(page, served.url, `skills/${skill.name}/${file}`)
        const served_ = await (await fetch(`${served.url}/skills/${skill.name}/${file}`)).text()
        const firstLine = served_.split('\n').find((line) => /\w{4}/.test(line)) ?? ''
        const words = firstLine
          .replace(/[#*`_>-]/g, '')
          .trim()
          .split(/\s+/)
          .slice(0, 3)
          .join(' ')
        // The file arrives after the page's heading.
        await expect.poll(() => page.locator('main').textContent()).toContain(words)
      }
      for (const agent of overview.agents) {
        await openRoute(page, served.url, `agents/${agent.name}`)
        await page.getByRole('tab', { name: 'JSON' }).click()
        await expect
          .poll(() => page.getByTestId('agent-json').textContent())
          .toContain(`"name": "${agent.name}"`)
      }
      await expectClean(watched, 'prompts, skills, agents')
    } finally {
      await watched.close()
    }
  })

  it('opens deep links straight on their page', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      for (const tool of overview.tools) {
        await watched.page.goto(`${served.url}/#/tools/${tool.id}`)
        await expect
          .poll(() => watched.page.locator('main h1').first().textContent())
          .toContain(tool.title ?? tool.methodName)
      }
      for (const agent of overview.agents) {
        await watched.page.goto(agent.html)
        await expect
          .poll(() => watched.page.locator('main h1').first().textContent())
          .toContain(agent.name)
      }
    } finally {
      await watched.close()
    }
  })
})

describe('the widget preview of the example', () => {
  let served: ServedPlugin
  let overview: PluginOverview
  beforeAll(async () => {
    served = await servePlugin(notesExampleDir)
    overview = (await (
      await fetch(`${served.url}/com.portico.plugin/contents.json`)
    ).json()) as PluginOverview
  })
  afterAll(() => served?.close())

  it('previews a widget with the try-it result, through an MCP Apps bridge', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await openRoute(page, served.url, 'tools/Notes_list')
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      const rest = overview.tools.find((tool) => tool.id === 'Notes_list')?.rest ?? ''
      const listed = (await (
        await fetch(rest, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { items: { title: string }[] }
      expect(listed.items.length).toBeGreaterThan(0)
      const widget = page.frameLocator('[data-testid=widget-preview]')
      await widget.locator('#notes li').first().waitFor({ timeout: PATIENCE_MS })
      const titles = await widget.locator('#notes li span').allTextContents()
      expect(titles).toEqual(listed.items.map((note) => note.title))
      // A call the widget makes back goes to the tool's REST route.
      const first = listed.items[0] as { title: string }
      await widget.getByRole('button', { name: `Details of ${first.title}` }).click()
      await expect.poll(() => widget.locator('#detail h2').textContent()).toBe(first.title)
      await expectClean(watched, 'widget preview')
    } finally {
      await watched.close()
    }
    // Its waits add up past the default 20 s on a loaded 2-core machine, as its siblings' do.
  })
})

describe('an authenticated plugin', () => {
  let issuer: TestIssuer
  let served: ServedPlugin
  beforeAll(async () => {
    issuer = await startTestIssuer()
    const dir = fixtureDir('auth-custom-plugin')
    const auth = await authSettingsFromEnv(dir, {
      OAUTH_ISSUER: issuer.issuer,
      OAUTH_AUDIENCE: TEST_AUDIENCE,
      OAUTH_SCOPE: 'notes',
    })
    served = await servePlugin(dir, { auth })
  })
  afterAll(async () => {
    await Promise.all([served?.close(), issuer?.close()])
  })

  it('shows the challenge without a token, and sends a pasted token on try-it calls', async () => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      const { page } = watched
      await openRoute(page, served.url, 'tools/Me_whoami')
      await page.getByTestId('try-it-raw').click()
      await page.getByTestId('try-it-json').fill('{}')
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('401')
      expect(await page.locator('main').textContent()).toContain('Authorize')
      const token = await issuer.mint({ sub: 'browser-user', scope: 'notes' })
      await page.getByRole('button', { name: 'Authorize' }).click()
      await page.getByLabel('Access token').fill(token)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByTestId('try-it-call').click()
      await expect.poll(() => page.getByTestId('try-it-status').textContent()).toContain('200')
      // The uid comes from the token the server verified: it was sent as Authorization.
      expect(await page.getByTestId('try-it-body').textContent()).toContain('browser-user')
      expect(watched.offOrigin).toEqual([])
    } finally {
      await watched.close()
    }
  })
})

describe('the old pages of the spec', () => {
  let served: ServedPlugin
  beforeAll(async () => {
    served = await servePlugin(notesExampleDir)
  })
  afterAll(() => served?.close())

  it.each([
    ['/mcp.html', '#/mcp'],
    ['/explorer.html', '#/api'],
    ['/docs.html', ''],
    ['/skills.html', '#/skills'],
    ['/agents.html', '#/agents'],
  ])('%s lands on its page', async (path, hash) => {
    const watched = await openWatchedPage(browser, served.url)
    try {
      await watched.page.goto(`${served.url}${path}`)
      await watched.page.locator('main h1').first().waitFor()
      expect(new URL(watched.page.url()).hash).toBe(hash)
      expect(await watched.page.locator('main h1').first().textContent()).not.toBe('Not found')
      await expectClean(watched, path)
    } finally {
      await watched.close()
    }
  })
})
