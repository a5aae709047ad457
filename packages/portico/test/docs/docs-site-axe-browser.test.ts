import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PluginOverview } from '../../src/surfaces/documents/plugin-overview-types.js'
import { addAxe, refusedFindings } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { PATIENCE_MS } from '../support/cli-process.js'
import { docsSiteRoutes } from '../support/docs-site-routes.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * axe-core over every page of the docs site (read from the plugin's contents, skill files and
 * both API views included), each at 1440 and 390 px in light and dark: no critical and no serious
 * finding. One server, one browser, one page: each route is opened once (a fragment change, so
 * no reload) and checked in the four looks by resizing and switching the colour scheme. The pages
 * that change once used are checked again after that: a tool page after a call, the MCP page
 * connected, Swagger UI with an operation open for a try.
 */

const LOOKS = [
  { width: 1440, height: 900, colorScheme: 'light' },
  { width: 1440, height: 900, colorScheme: 'dark' },
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 390, height: 844, colorScheme: 'dark' },
] as const

/** What a person does on a page that brings up more of it, by route. */
const USES: Record<string, (page: Page) => Promise<void>> = {
  'tools/Notes_create': async (page) => {
    await page.getByTestId('try-it-raw').click()
    await page.getByTestId('try-it-json').fill('{"title":"Checked by axe"}')
    await page.getByTestId('try-it-call').click()
    await page.getByTestId('try-it-status').waitFor({ timeout: PATIENCE_MS })
  },
  'mcp/main': async (page) => {
    await page.getByTestId('mcp-connect').click()
    await page.getByTestId('mcp-tools').waitFor({ timeout: PATIENCE_MS })
  },
  'api/swagger': async (page) => {
    await page.locator('.opblock-summary-control').first().click()
    await page.locator('.opblock-body').first().waitFor({ timeout: PATIENCE_MS })
  },
}

/** Stops transitions and animations (Swagger UI fades colours over 0.15 to 0.5 s). */
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important }'

let browser: Browser
let served: ServedPlugin
let overview: PluginOverview

beforeAll(async () => {
  browser = await launchBrowser()
  served = await servePlugin(notesExampleDir)
  overview = (await (
    await fetch(`${served.url}/com.portico.plugin/contents.json`)
  ).json()) as PluginOverview
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** Opens a route (a fragment change after the first) and waits for what it loads. */
async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`${served.url}/#/${route}`)
  const heading = page.locator('main h1').first()
  await heading.waitFor({ timeout: PATIENCE_MS })
  expect(await heading.textContent(), route).not.toBe('Not found')
  if (route === 'api/swagger') await page.locator('.opblock').first().waitFor()
  if (route === 'api') await page.getByTestId('api-operation').first().waitFor()
  // Nothing still loading: a page is judged as a person reads it.
  await page.waitForFunction(() => document.querySelector('main [aria-busy="true"]') === null)
}

describe('the docs site under axe-core', () => {
  it('has no critical or serious finding on any page, light and dark, 1440 and 390 px', async () => {
    const routes = docsSiteRoutes(overview, { skillFiles: true })
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await addAxe(context)
    const page = await context.newPage()
    const findings: string[] = []
    try {
      const check = async (what: string) => {
        for (const look of LOOKS) {
          await page.setViewportSize({ width: look.width, height: look.height })
          await page.emulateMedia({ colorScheme: look.colorScheme })
          // Two frames, so what follows the scheme's change event (Swagger UI's dark class) is in.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          )
          const where = `${what} at ${look.width} px, ${look.colorScheme}`
          findings.push(...(await refusedFindings(page, where)))
        }
      }
      for (const [index, route] of routes.entries()) {
        await openRoute(page, route)
        // Colours are judged as they are, not halfway through a transition after the switch.
        if (index === 0) await page.addStyleTag({ content: STILL })
        await check(`#/${route}`)
        const use = USES[route]
        if (use === undefined) continue
        await page.setViewportSize({ width: 1440, height: 900 })
        await use(page)
        await check(`#/${route} (used)`)
      }
    } finally {
      await context.close()
    }
    expect(routes.length).toBeGreaterThan(20)
    expect(findings).toEqual([])
  })
})
