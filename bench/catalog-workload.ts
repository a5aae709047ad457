/**
 * The realistic output workload: `Catalog_items` answers 50 nested records with dates, which
 * the runtime shapes to the declared output type. Measured over REST and MCP in both eras, with
 * the shaping on and off (`BENCH_SHAPING=off`) in the same run.
 */
import type { LoadOptions, LoadRequest, LoadResult } from './lib/measure-load.js'
import { measureLoad } from './lib/measure-load.js'
import { startServerProcess } from './lib/server-process.js'
import { legacyToolCall, modernToolCall } from './requests.js'

const toolName = 'Catalog_items'

const workloads: Record<string, LoadRequest> = {
  'REST call': {
    method: 'POST',
    path: '/api/Catalog/items',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  },
  'MCP call 2025': legacyToolCall(toolName, {}),
  'MCP call 2026': modernToolCall(toolName, {}),
}

/** One measured catalog scenario. */
export interface CatalogRow extends LoadResult {
  /** Portico with its output shaping on or off, or `bare`: node:http writing the JSON by hand. */
  shaping: 'on' | 'off' | 'bare'
  workload: string
}

/**
 * Measures the floor (bare node:http's REST answer of the same declared JSON), then every catalog
 * workload with the shaping on and off, one server process each, every server on `node`.
 */
export async function measureCatalog(
  entry: string,
  bareEntry: string,
  load: LoadOptions,
  node: string = process.execPath,
): Promise<CatalogRow[]> {
  const rows: CatalogRow[] = []
  const bare = await startServerProcess([bareEntry], {}, node)
  try {
    const request = workloads['REST call'] as LoadRequest
    await expectItems(bare.origin, request, 'bare')
    const result = await measureLoad(bare.origin, [request], load, bare.cpuMs)
    if (result.errors + result.timeouts + result.non2xx > 0)
      throw new Error('catalog on bare node:http: failed requests')
    rows.push({ shaping: 'bare', workload: 'REST call', ...result })
    console.log(
      `  bare-node catalog REST call            ${Math.round(result.requestsPerSecond)} req/s, ${result.serverCpuMsPerRequest} ms server CPU per request, server busy ${result.serverBusy}`,
    )
  } finally {
    await bare.stop()
  }
  for (const [workload, request] of Object.entries(workloads)) {
    for (const shaping of ['off', 'on'] as const) {
      const server = await startServerProcess([entry], { BENCH_SHAPING: shaping }, node)
      try {
        await expectItems(server.origin, request, shaping)
        const result = await measureLoad(server.origin, [request], load, server.cpuMs)
        if (result.errors + result.timeouts + result.non2xx > 0)
          throw new Error(`catalog ${workload} (shaping ${shaping}): failed requests`)
        rows.push({ shaping, workload, ...result })
        console.log(
          `  catalog   ${workload.padEnd(15)} shaping ${shaping.padEnd(3)} ${Math.round(result.requestsPerSecond)} req/s, ${result.serverCpuMsPerRequest} ms server CPU per request, server busy ${result.serverBusy}`,
        )
      } finally {
        await server.stop()
      }
    }
  }
  return rows
}

/** Checks the answer: 50 items, dates as ISO strings, and undeclared fields only when unshaped. */
async function expectItems(origin: string, request: LoadRequest, shaping: string): Promise<void> {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
  })
  const text = await response.text()
  const message = JSON.parse(text) as {
    items?: Record<string, unknown>[]
    result?: { structuredContent?: { items?: Record<string, unknown>[] } }
  }
  const items = message.items ?? message.result?.structuredContent?.items ?? []
  const first = items[0] ?? {}
  const ok =
    response.status === 200 &&
    items.length === 50 &&
    typeof first.createdAt === 'string' &&
    'revision' in first === (shaping === 'off')
  if (!ok)
    throw new Error(`${origin}${request.path} answered ${response.status}: ${text.slice(0, 300)}`)
}
