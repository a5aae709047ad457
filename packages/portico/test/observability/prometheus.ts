import { access, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, pollUntil, runProcess } from '../support/cli-process.js'

/** Debian's path; CI installs the same package. */
const prometheusPath = '/usr/bin/prometheus'

/** The scrape config docs/observability.md ships, which this suite runs. */
export const deployPrometheusConfig = resolve(
  import.meta.dirname,
  '../../../../deploy/prometheus/prometheus.yml',
)

const TARGET = /^(\s*)- 127\.0\.0\.1:9464$/m
const INTERVAL = /^(\s*)scrape_interval: 15s$/m

/** The shipped config with a test's target, scraped every second. */
export function scrapeConfig(shipped: string, target: string): string {
  if (!TARGET.test(shipped) || !INTERVAL.test(shipped)) {
    throw new Error(
      `${deployPrometheusConfig}: expected "scrape_interval: 15s" and one target line`,
    )
  }
  return shipped
    .replace(TARGET, (_line, indent: string) => `${indent}- ${target}`)
    .replace(INTERVAL, (_line, indent: string) => `${indent}scrape_interval: 1s`)
}

/** Fails (never skips) without prometheus, naming the package to install. */
export async function requirePrometheus(): Promise<void> {
  try {
    await access(prometheusPath, constants.X_OK)
  } catch {
    throw new Error(
      `${prometheusPath} is missing: the metrics suite needs it (apt-get install prometheus)`,
    )
  }
}

/** A running Prometheus: an instant query through its HTTP API, and how to stop it. */
export interface Prometheus {
  url: string
  /** `GET /api/v1/query`: the vector's samples, each its labels and value. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>
  stop(): Promise<void>
}

/** Starts Prometheus on a free loopback port, scraping `target` with the shipped config. */
export async function startPrometheus(target: string): Promise<Prometheus> {
  await requirePrometheus()
  const dir = await mkdtemp(join(tmpdir(), 'portico-prometheus-'))
  const config = join(dir, 'prometheus.yml')
  await writeFile(config, scrapeConfig(await readFile(deployPrometheusConfig, 'utf8'), target))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const prometheus = runProcess(prometheusPath, [
    `--config.file=${config}`,
    `--storage.tsdb.path=${join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ])
  const stop = async () => {
    await prometheus.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const exited = prometheus
      .exited()
      .then((code) => Promise.reject(new Error(`prometheus exited with ${code}`)))
    await Promise.race([
      pollUntil(async () => (await fetch(`${url}/-/ready`)).ok || undefined, { everyMs: 100 }),
      exited,
    ])
  } catch (error) {
    await stop()
    throw new Error(`prometheus did not get ready: ${String(error)}\n${prometheus.output()}`)
  }
  return {
    url,
    async query(promql) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`)
      const body = (await answer.json()) as {
        status: string
        data?: { result: { metric: Record<string, string>; value: [number, string] }[] }
      }
      if (body.status !== 'success') throw new Error(`query ${promql}: ${JSON.stringify(body)}`)
      return (body.data?.result ?? []).map((sample) => ({
        metric: sample.metric,
        value: Number(sample.value[1]),
      }))
    },
    stop,
  }
}
