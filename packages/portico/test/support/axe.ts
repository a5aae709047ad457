import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { BrowserContext, Page } from 'playwright-core'

/** The impacts the docs site's suites refuse. */
const REFUSED = new Set(['critical', 'serious'])

let source: Promise<string> | undefined

/**
 * Puts axe-core in every page and frame of `context`, as an init script: it runs whatever the
 * page's Content Security Policy allows, which an injected script tag would not.
 */
export async function addAxe(context: BrowserContext): Promise<void> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  await context.addInitScript({ content: await source })
}

/** The critical and serious violations axe finds on the page, one line per element. */
export async function refusedFindings(page: Page, what: string): Promise<string[]> {
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe
    return (await axe.run()).violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  return results
    .filter((violation) => REFUSED.has(violation.impact))
    .flatMap((violation) =>
      violation.targets.map(
        (target) => `${what}: ${violation.impact} ${violation.id} (${violation.help}) at ${target}`,
      ),
    )
}

/**
 * {@link refusedFindings} on the page as it is, in light and dark at 1440 and 390 px (the docs-site
 * axe suite's looks), for a state a test brought the page to; the viewport is 1280 px again after.
 */
export async function refusedFindingsInEveryLook(page: Page, what: string): Promise<string[]> {
  const findings: string[] = []
  for (const width of [1440, 390]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
      await page.emulateMedia({ colorScheme })
      findings.push(...(await refusedFindings(page, `${what} at ${width} px, ${colorScheme}`)))
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  return findings
}
