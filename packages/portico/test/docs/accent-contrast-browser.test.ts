import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openWatchedPage } from '../support/browser.js'
import { copyPlugin } from '../support/cli-process.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * WCAG 1.4.3 for the plugin's accent: the current page's sidebar link is in the accent, so
 * whatever `style.color` a plugin picks (the default teal, a pale yellow, a near-black navy, a
 * pure red), the link's computed colour must read at 4.5:1 on its computed background, in the
 * light theme and in the dark one.
 */

const ACCENTS = ['#0f766e', '#fde68a', '#1e1b4b', '#f00']

let browser: Browser
const served: { plugin: ServedPlugin; remove(): Promise<void> }[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  const config = await readFile(join(notesExampleDir, 'portico.config.ts'), 'utf8')
  for (const accent of ACCENTS) {
    const copy = await copyPlugin(notesExampleDir)
    await writeFile(
      join(copy.dir, 'portico.config.ts'),
      config.replace(/color: '#[0-9a-f]+'/i, `color: '${accent}'`),
    )
    served.push({ plugin: await servePlugin(copy.dir), remove: copy.remove })
  }
})

afterAll(async () => {
  await browser?.close()
  for (const { plugin, remove } of served) {
    await plugin.close()
    await remove()
  }
})

/** `rgb(r, g, b)` (or `rgba`) as channels. */
function channels(css: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number)
  return [r, g, b]
}

function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, b] = channels(css).map((c) => {
      const v = c / 255
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('the current sidebar link in the plugin’s accent', () => {
  it.each(
    ACCENTS.flatMap((accent, index) =>
      (['light', 'dark'] as const).map((scheme) => ({ accent, index, scheme })),
    ),
  )('reads at 4.5:1 with accent $accent in the $scheme theme', async ({ index, scheme }) => {
    const { url } = served[index]?.plugin ?? { url: '' }
    const watched = await openWatchedPage(browser, url, { colorScheme: scheme })
    const { page } = watched
    try {
      await page.goto(`${url}/#/tools/Notes_create`)
      const link = page.locator('.sidebar a[aria-current="page"]')
      await link.waitFor()
      // The accent is applied once the plugin's contents are read.
      await expect
        .poll(() =>
          page.evaluate(() => document.documentElement.style.getPropertyValue('--accent')),
        )
        .not.toBe('')
      const { color, background } = await link.evaluate((element) => {
        const style = getComputedStyle(element)
        return { color: style.color, background: style.backgroundColor }
      })
      expect(background).not.toMatch(/rgba\(0, 0, 0, 0\)/)
      expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5)
      expect(watched.consoleErrors).toEqual([])
    } finally {
      await watched.close()
    }
  })
})
