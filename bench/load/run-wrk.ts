import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { LoadFigures, LoadRequest } from '../lib/measure-load.js'

const exec = promisify(execFile)

/**
 * The Lua script wrk runs: one request is set once (wrk then sends the same bytes with no Lua
 * per request); several are cycled through by `request()`. It prints the run's figures as
 * JSON when done, latencies from µs to ms with two decimals.
 */
function wrkScript(requests: LoadRequest[]): string {
  const lua = (text: string) => JSON.stringify(text)
  const headersOf = (request: LoadRequest) =>
    Object.entries(request.headers)
      .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
      .join(', ')
  const [only] = requests
  const sending =
    requests.length === 1 && only
      ? `wrk.method = ${lua(only.method)}
wrk.path = ${lua(only.path)}
wrk.body = ${lua(only.body ?? '')}
wrk.headers = { ${headersOf(only)} }`
      : `local requests = {}
local next = 1
function init(args)
  requests = { ${requests
    .map(
      (request) =>
        `wrk.format(${lua(request.method)}, ${lua(request.path)}, { ${headersOf(request)} }, ${lua(request.body ?? '')})`,
    )
    .join(', ')} }
end
function request()
  local chosen = requests[next]
  next = next % #requests + 1
  return chosen
end`
  return `${sending}
function done(summary, latency, requests)
  local ms = function (us) return math.floor(us / 10 + 0.5) / 100 end
  local e = summary.errors
  io.write(string.format('{"total":%d,"durationUs":%d,"p50":%s,"p99":%s,"errors":%d,"timeouts":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, ms(latency:percentile(50)), ms(latency:percentile(99)),
    e.connect + e.read + e.write, e.timeout, e.status))
end
`
}

/**
 * Drives `origin` with wrk (one thread, `connections` connections) for `durationSeconds` and
 * returns its figures. Only the last line of wrk's output is read: the script's JSON.
 */
export async function runWrk(
  command: { command: string; args: string[] },
  origin: string,
  requests: LoadRequest[],
  connections: number,
  durationSeconds: number,
): Promise<LoadFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'))
  try {
    const script = join(dir, 'requests.lua')
    await writeFile(script, wrkScript(requests))
    const { stdout } = await exec(
      command.command,
      [
        ...command.args,
        '-t1',
        `-c${connections}`,
        `-d${durationSeconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        origin,
      ],
      { timeout: (durationSeconds + 30) * 1000 },
    )
    const last = stdout.trim().split('\n').at(-1) ?? ''
    const figures = JSON.parse(last) as Omit<LoadFigures, 'requestsPerSecond'> & {
      durationUs: number
    }
    const { durationUs, ...rest } = figures
    return { ...rest, requestsPerSecond: figures.total / (durationUs / 1_000_000) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
