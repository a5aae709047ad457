// `npm run soak`: `portico start` of examples/notes under 100 keep-alive connections for 60 s,
// mixing REST calls, MCP in both eras and document reads. Prints requests, errors (which must
// be 0), p50/p99 per kind, and the server's RSS before, at its peak and after; fails when a
// request failed or the RSS does not settle within 10% of where it started.
// SOAK_SECONDS and SOAK_CONNECTIONS change the run's length and width.
//
// Then a fault phase (lib/fault-phase.ts, about 45 s): three replicas of a stateful copy of
// examples/notes sharing Redis behind nginx with the shipped deploy file, under steady REST,
// MCP 2026 and MCP 2025 session calls, while one replica is SIGTERMed and restarted, one is
// SIGKILLed and restarted, and Redis is paused 5 s. It reports the requests lost in each fault
// window (resets, 502s, 504s, timeouts; 503s with Retry-After apart) and fails when a SIGTERM
// lost any or a SIGKILL lost more than the calls in flight on the killed replica.
// SOAK_FAULTS=0 skips it; its own variables are in lib/fault-phase.ts.
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { resolve } from 'node:path'
import { runFaultPhase } from './lib/fault-phase.js'
import { formatTable } from './lib/format-table.js'
import { percentile, round } from './lib/sample-latency.js'
import { freePort, type ServerProcess, serverHandle } from './lib/server-process.js'
import {
  type BenchRequest,
  legacyToolCall,
  mcpLegacyList,
  mcpModernList,
  modernToolCall,
} from './requests.js'

const seconds = Number(process.env.SOAK_SECONDS ?? 60)
const connections = Number(process.env.SOAK_CONNECTIONS ?? 100)
/** A short run at low width first, so that "before" is a server that has served every kind. */
const warmUpSeconds = 5
/** How long the RSS may take to come back down once the load stops. */
const settleSeconds = 30
/** How far above "before" the RSS may settle. */
const settleTolerance = 0.1

const repo = resolve(import.meta.dirname, '..')
const cli = resolve(repo, 'packages/portico/bin/portico.js')
const plugin = resolve(repo, 'examples/notes')

/** One kind of request of the mix, and how to tell its answer is right. */
interface SoakRequest {
  kind: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  check(body: string): boolean
}

const noteN1 = { id: 'n1' }

/** A JSON-RPC answer (plain or as SSE) with a result that is not a tool error. */
function mcpSucceeded(body: string): boolean {
  const json = body.startsWith('{') ? body : (/^data: (.+)$/m.exec(body)?.[1] ?? '')
  try {
    const message = JSON.parse(json) as { result?: { isError?: boolean }; error?: unknown }
    return message.result !== undefined && message.result.isError !== true
  } catch {
    return false
  }
}

function mcp(kind: string, benchRequest: BenchRequest): SoakRequest {
  return { kind, ...benchRequest, check: mcpSucceeded }
}

function rest(kind: string, path: string, input: unknown, check: (body: string) => boolean) {
  return {
    kind,
    method: 'POST' as const,
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    check,
  }
}

function document(path: string): SoakRequest {
  return { kind: `GET ${path}`, method: 'GET', path, headers: {}, check: (body) => body.length > 0 }
}

/** The mix: each entry is equally likely. */
const mix: SoakRequest[] = [
  rest('REST Notes_get', '/api/Notes/get', noteN1, (body) => body.includes('"id":"n1"')),
  rest('REST Notes_search', '/api/Notes/search', { query: 'the' }, (body) => body.startsWith('{')),
  mcp('MCP 2025 tools/call', legacyToolCall('Notes_get', noteN1)),
  mcp('MCP 2025 tools/list', mcpLegacyList),
  mcp('MCP 2026 tools/call', modernToolCall('Notes_get', noteN1)),
  mcp('MCP 2026 tools/list', mcpModernList),
  document('/open-api.json'),
  document('/mcp.json'),
  document('/skills/catalog.json'),
  document('/'),
]

/** What one kind of request saw. */
interface Tally {
  times: number[]
  errors: number
  firstError?: string
}

function send(agent: Agent, port: number, soak: SoakRequest): Promise<string> {
  return new Promise((done, fail) => {
    const outgoing = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: soak.method,
        path: soak.path,
        headers: soak.headers,
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          if (incoming.statusCode !== 200)
            fail(new Error(`${incoming.statusCode}: ${body.slice(0, 200)}`))
          else if (!soak.check(body)) fail(new Error(`unexpected answer: ${body.slice(0, 200)}`))
          else done(body)
        })
        incoming.on('error', fail)
      },
    )
    outgoing.on('error', fail)
    outgoing.end(soak.body)
  })
}

/** `width` connections, each sending requests of the mix one after another for `ms`. */
async function load(port: number, width: number, ms: number, tallies: Map<string, Tally>) {
  const agent = new Agent({ keepAlive: true, maxSockets: width })
  const deadline = performance.now() + ms
  let next = 0
  const worker = async () => {
    while (performance.now() < deadline) {
      const soak = mix[next++ % mix.length] as SoakRequest
      const tally = tallies.get(soak.kind) ?? { times: [], errors: 0 }
      tallies.set(soak.kind, tally)
      const started = performance.now()
      try {
        await send(agent, port, soak)
        tally.times.push(performance.now() - started)
      } catch (error) {
        tally.errors += 1
        tally.firstError ??= error instanceof Error ? error.message : String(error)
      }
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  agent.destroy()
}

async function startPortico(): Promise<ServerProcess> {
  const build = spawn(process.execPath, [cli, 'build', plugin], { stdio: 'inherit' })
  const built = await new Promise<number | null>((done) => build.once('exit', done))
  if (built !== 0) throw new Error('portico build examples/notes failed')
  const port = await freePort()
  const child = spawn(process.execPath, [cli, 'start', plugin], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTICO_LOG_FORMAT: 'json' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return serverHandle(child, port)
    if (Date.now() > deadline) throw new Error('portico start did not become ready in 30 s')
    await pause(100)
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}

const server = await startPortico()
try {
  await load(server.port, 10, warmUpSeconds * 1000, new Map())
  await pause(3_000)
  const before = server.rssMiB()
  console.log(
    `Soak: ${connections} connections for ${seconds} s against portico start (examples/notes)`,
  )
  const tallies = new Map<string, Tally>()
  let peakSeen = before
  const sampler = setInterval(() => {
    peakSeen = Math.max(peakSeen, server.rssMiB())
  }, 500)
  const started = performance.now()
  await load(server.port, connections, seconds * 1000, tallies)
  const elapsed = (performance.now() - started) / 1000
  clearInterval(sampler)
  const peak = Math.max(peakSeen, server.rssMiB())

  let after = server.rssMiB()
  let settledIn = 0
  while (after > before * (1 + settleTolerance) && settledIn < settleSeconds) {
    await pause(1_000)
    settledIn += 1
    after = server.rssMiB()
  }

  const rows = [...tallies].map(([kind, tally]) => {
    const sorted = [...tally.times].sort((a, b) => a - b)
    return [
      kind,
      tally.times.length + tally.errors,
      tally.errors,
      round(percentile(sorted, 0.5)),
      round(percentile(sorted, 0.99)),
    ]
  })
  const all = [...tallies.values()].flatMap((tally) => tally.times).sort((a, b) => a - b)
  const errors = [...tallies.values()].reduce((sum, tally) => sum + tally.errors, 0)
  const requests = all.length + errors
  rows.push(['all', requests, errors, round(percentile(all, 0.5)), round(percentile(all, 0.99))])
  console.log(formatTable(['kind', 'requests', 'errors', 'p50 ms', 'p99 ms'], rows))
  console.log(
    `${requests} requests in ${round(elapsed)} s (${Math.round(requests / elapsed)}/s), ${errors} errors`,
  )
  const settled = after <= before * (1 + settleTolerance)
  console.log(
    `RSS: before ${before} MiB, peak ${peak} MiB, after ${after} MiB (${settled ? `within ${settleTolerance * 100}% of before` : 'NOT settled'} ${settledIn} s after the load)`,
  )
  for (const [kind, tally] of tallies) {
    if (tally.firstError) console.log(`First error of ${kind}: ${tally.firstError}`)
  }
  process.exitCode = errors === 0 && settled ? 0 : 1
} finally {
  await server.stop()
}

if (process.env.SOAK_FAULTS !== '0') {
  const held = await runFaultPhase()
  if (!held) process.exitCode = 1
}
