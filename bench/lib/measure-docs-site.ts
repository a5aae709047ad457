import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { launchBrowser } from '../../packages/portico/test/support/browser.js'
import { type LighthouseScores, lighthouseDocsSite } from './lighthouse-docs-site.js'
import { median } from './sample-latency.js'
import { freePort, serverHandle } from './server-process.js'

/** What a person's first page of the docs site costs. */
export interface DocsSiteFigures {
  /** The scripts `/` loads before anything is asked for, gzipped, in bytes. */
  firstPageJsGzipBytes: number
  scripts: number
  /** Navigation to the first contentful paint, median of the loads, in ms. */
  firstContentfulPaintMs: number
  /** Navigation to the app's first render (its root has content), median of the loads, in ms. */
  firstRenderMs: number
  /** Lighthouse (mobile) on the overview, a tool page and the API view. */
  lighthouse: LighthouseScores[]
}

/** Debian's Chromium, as the browser tests use it. */
const CHROMIUM = '/usr/bin/chromium'
const LOADS = 5

/**
 * Serves the built plugin in `pluginDir` with `portico start`, sums the gzipped size of the
 * scripts its first page names, loads that page in headless Chromium `LOADS` times, each in a
 * fresh context (nothing cached), then runs Lighthouse on three pages. `undefined` without
 * Chromium: the targets are then unmeasured.
 */
export async function measureDocsSite(
  cliPath: string,
  pluginDir: string,
): Promise<DocsSiteFigures | undefined> {
  if (!existsSync(CHROMIUM)) return undefined
  const port = await freePort()
  const child = spawn(process.execPath, [cliPath, 'start', pluginDir, '--port', String(port)], {
    stdio: 'ignore',
  })
  const server = serverHandle(child, port)
  const browser = await launchBrowser()
  try {
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${server.origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
      if (ready) break
      if (tries > 2000) throw new Error('the docs-site server did not start')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const html = await (await fetch(`${server.origin}/`)).text()
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    )
    let firstPageJsGzipBytes = 0
    for (const path of scripts) {
      const bytes = new Uint8Array(await (await fetch(`${server.origin}${path}`)).arrayBuffer())
      firstPageJsGzipBytes += gzipSync(bytes).byteLength
    }
    const paints: number[] = []
    const renders: number[] = []
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(server.origin)
      await page.waitForFunction(() => (document.getElementById('app')?.childElementCount ?? 0) > 0)
      renders.push(await page.evaluate(() => performance.now()))
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
      )
      paints.push(
        await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        ),
      )
      await context.close()
    }
    // After the loads, alone: Lighthouse's throttled runs share no machine with them.
    const lighthouse = await lighthouseDocsSite(server.origin, CHROMIUM)
    return {
      firstPageJsGzipBytes,
      scripts: scripts.length,
      firstContentfulPaintMs: Math.round(median(paints)),
      firstRenderMs: Math.round(median(renders)),
      lighthouse,
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}
