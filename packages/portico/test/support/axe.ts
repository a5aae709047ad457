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
