// `node --import tsx bench/verify-servers.ts`: starts each bench server exactly as the runner's
// contract says (`node --import tsx bench/servers/<name>.ts`, PORT and HOST set, xmcp's build
// first), sends each applicable request once to the port it announces with `READY <port>`,
// checks the status and the sum, and stops it with SIGTERM. Prints one table: server × request →
// OK/FAIL, status, JSON|SSE; then the stdout and exit checks.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { buildXmcpServer } from './lib/compile-servers.js'
import { type BenchRequestName, benchRequests, checkSum } from './requests.js'

const repoRoot = resolve(import.meta.dirname, '..')
const mcpShapes: BenchRequestName[] = [
  'mcpLegacyCall',
  'mcpLegacyList',
  'mcpModernCall',
  'mcpModernList',
]
const plan: Record<string, BenchRequestName[]> = {
  'bare-node': ['restAdd'],
  'sdk-v2': mcpShapes,
  fastmcp: mcpShapes,
  tmcp: mcpShapes,
  'mcp-use': mcpShapes,
  xmcp: mcpShapes,
  portico: ['restAdd', ...mcpShapes],
}
// FastMCP serves the 2025 handshake revisions only (its README's first note); its 2026-07-28
// answers are expected to fail and are marked as such rather than failing the run.
const unsupported = new Set(['fastmcp mcpModernCall', 'fastmcp mcpModernList'])

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Resolves with the port the server announces (xmcp's is compiled in; the others take PORT). */
function waitForReady(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no READY in 30 s:\n${output()}`)), 30_000)
    child.stdout?.on('data', () => {
      const ready = /^READY (\d+)$/m.exec(output())
      if (ready) {
        clearTimeout(timer)
        done(Number(ready[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`exited with ${code} before READY:\n${output()}`))
    })
  })
}

function stop(child: ChildProcess): Promise<string> {
  return new Promise((done) => {
    const started = performance.now()
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', (code, signal) => {
      clearTimeout(killer)
      done(`${signal ?? `exit ${code}`} in ${Math.round(performance.now() - started)} ms`)
    })
    child.kill('SIGTERM')
  })
}

async function send(port: number, name: BenchRequestName): Promise<[string, string]> {
  const request = benchRequests[name]
  const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  })
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  const kind = type.startsWith('text/event-stream')
    ? 'SSE'
    : type.startsWith('application/json')
      ? 'JSON'
      : type || 'none'
  const ok =
    response.status === 200 && (name.endsWith('List') ? text.includes('Calc_add') : checkSum(text))
  return [`${ok ? 'OK' : 'FAIL'} ${response.status} ${kind}`, ok ? '' : text.slice(0, 300)]
}

const rows: string[][] = []
const notes: string[] = []
await buildXmcpServer()
for (const [server, shapes] of Object.entries(plan)) {
  const file = resolve(repoRoot, `bench/servers/${server}.ts`)
  if (!existsSync(file)) continue
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const cells = new Map<BenchRequestName, string>()
  let announced = port
  try {
    announced = await waitForReady(child, () => stdout)
    if (announced !== port) notes.push(`${server} serves on ${announced}, not PORT ${port}`)
    for (const name of shapes) {
      const [cell, failure] = await send(announced, name).catch((error: Error) => [
        `ERROR`,
        error.message,
      ])
      const expected = unsupported.has(`${server} ${name}`)
      cells.set(name, expected && failure ? cell.replace('FAIL', 'UNSUPPORTED') : cell)
      if (failure) notes.push(`${server} ${name}: ${failure}`)
      if (failure && !expected) process.exitCode = 1
    }
  } catch (error) {
    notes.push(`${server}: ${(error as Error).message}`)
    process.exitCode = 1
  }
  const exit = await stop(child)
  if (!exit.startsWith('exit 0 ')) process.exitCode = 1
  const lines = stdout.trim().split('\n')
  const stdoutCheck =
    lines.length === 1 && lines[0] === `READY ${announced}` ? 'READY only' : `${lines.length} lines`
  if (stdoutCheck !== 'READY only') {
    notes.push(`${server} stdout: ${stdout.trim().slice(0, 300)}`)
    process.exitCode = 1
  }
  if (stderr.trim()) notes.push(`${server} stderr: ${stderr.trim().slice(0, 300)}`)
  rows.push([
    server,
    ...(['restAdd', ...mcpShapes] as const).map((n) => cells.get(n) ?? '-'),
    stdoutCheck,
    exit,
  ])
}

const header = ['server', 'restAdd', ...mcpShapes, 'stdout', 'SIGTERM']
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)),
)
for (const row of [header, ...rows])
  console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))
if (notes.length > 0) console.log(`\n${notes.join('\n')}`)
