import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { formatTable } from './format-table.js'

/** Lighthouse's scores (0-100) of one docs-site page, mobile. */
export interface LighthouseScores {
  /** What the page is: `overview`, `tool page`, `API view`. */
  page: string
  /** The fragment route loaded (`#/api`). */
  route: string
  performance: number
  accessibility: number
  bestPractices: number
}

/**
 * The pages issue 34 holds to 95 in each of the three categories: the overview, the page of the
 * plugin's first tool (read from its contents, so the route is one the site has) and the API view.
 */
async function lighthousePages(origin: string): Promise<{ page: string; route: string }[]> {
  const contents = (await (await fetch(`${origin}/com.portico.plugin/contents.json`)).json()) as {
    tools?: { id: string }[]
  }
  const tool = contents.tools?.[0]?.id
  if (!tool) throw new Error('the docs site lists no tool: no tool page to measure')
  return [
    { page: 'overview', route: '' },
    { page: 'tool page', route: `#/tools/${encodeURIComponent(tool)}` },
    { page: 'API view', route: '#/api' },
  ]
}

/** The least score each category must reach on each page (issue 34, Done when). */
export const LIGHTHOUSE_TARGET = 95

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

/** How long one page's run may take before it is killed: a hung Chromium, not a slow one. */
const RUN_PATIENCE_MS = 5 * 60_000

const exec = promisify(execFile)

/**
 * Runs Lighthouse (mobile: its default form factor, with simulated throttling) on the three
 * pages ({@link lighthousePages}) of the docs site at `origin`, one after the other, in `chromium`.
 * Lighthouse 12 is the bench's own devDependency: 13 needs Node 22.19 and the bench runs on the
 * project's Node 20.19+.
 */
export async function lighthouseDocsSite(
  origin: string,
  chromium: string,
): Promise<LighthouseScores[]> {
  const cli = join(
    createRequire(import.meta.url).resolve('lighthouse/package.json'),
    '../cli/index.js',
  )
  const rows: LighthouseScores[] = []
  for (const { page, route } of await lighthousePages(origin)) {
    const report = await runLighthouse(cli, `${origin}/${route}`, chromium)
    const score = (category: (typeof CATEGORIES)[number]) => {
      const value = report.categories[category]?.score
      if (typeof value !== 'number') {
        throw new Error(
          `Lighthouse gave no ${category} score for ${page}: ${report.runtimeError?.message ?? 'no reason'}`,
        )
      }
      return Math.round(value * 100)
    }
    rows.push({
      page,
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    })
  }
  return rows
}

/** The scores as a table, a page a row. */
export function formatLighthouse(rows: LighthouseScores[]): string {
  return formatTable(
    ['page', 'route', 'performance', 'accessibility', 'best practices'],
    rows.map((row) => [
      row.page,
      `/${row.route}`,
      row.performance,
      row.accessibility,
      row.bestPractices,
    ]),
  )
}

/** Whether each of a page's scores reaches {@link LIGHTHOUSE_TARGET}. */
export function meetsLighthouseTarget(row: LighthouseScores): boolean {
  return Math.min(row.performance, row.accessibility, row.bestPractices) >= LIGHTHOUSE_TARGET
}

/** The part of Lighthouse's JSON report read here. */
interface LighthouseReport {
  categories: Partial<Record<(typeof CATEGORIES)[number], { score: number | null }>>
  runtimeError?: { message?: string }
}

/** One Lighthouse CLI run on `url`, its JSON report read from stdout. */
async function runLighthouse(
  cli: string,
  url: string,
  chromium: string,
): Promise<LighthouseReport> {
  const args = [
    cli,
    url,
    '--form-factor=mobile',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox',
  ]
  const { stdout, stderr } = await exec(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: chromium },
    timeout: RUN_PATIENCE_MS,
    killSignal: 'SIGKILL',
    // A report is a few MB: screenshots and traces in base64.
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`Lighthouse on ${url} failed: ${error.message}\n${error.stderr ?? ''}`)
  })
  try {
    return JSON.parse(stdout) as LighthouseReport
  } catch {
    throw new Error(`Lighthouse on ${url} printed no JSON report:\n${stderr}`)
  }
}
