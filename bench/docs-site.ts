import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { formatLighthouse, meetsLighthouseTarget } from './lib/lighthouse-docs-site.js'
import { measureDocsSite } from './lib/measure-docs-site.js'

/**
 * The bench's docs-site row alone (`npm run docs-site --prefix bench`, after `npm run bench` or
 * `npm install --prefix bench` installed it): the first page's size and paint, and Lighthouse
 * (mobile) on the overview, a tool page and the API view, in a minute or two instead of the
 * whole bench. Exits 1 when a Lighthouse score is under the target.
 */
const cliPath = resolve(import.meta.dirname, '../packages/portico/bin/portico.js')
const calcDir = resolve(import.meta.dirname, 'plugins/calc')

await promisify(execFile)(process.execPath, [cliPath, 'build', calcDir])
const figures = await measureDocsSite(cliPath, calcDir)
if (!figures) {
  console.log('not measured: no Chromium at /usr/bin/chromium')
  process.exit(1)
}
console.log(
  `first page JS ${Math.round(figures.firstPageJsGzipBytes / 102.4) / 10} KiB gzipped in ${figures.scripts} scripts, first contentful paint ${figures.firstContentfulPaintMs} ms, first render ${figures.firstRenderMs} ms`,
)
console.log(formatLighthouse(figures.lighthouse))
if (!figures.lighthouse.every(meetsLighthouseTarget)) process.exitCode = 1
