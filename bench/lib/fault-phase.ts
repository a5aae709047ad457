// The soak's fault phase (issue 29): three `portico start` replicas of a stateful examples/notes
// sharing Redis, behind nginx with the shipped deploy file, under a steady mixed load (REST
// calls, MCP 2026-07-28 calls, MCP 2025 calls in stateful sessions). Mid-load, one replica is
// SIGTERMed and restarted, another SIGKILLed and restarted, and Redis is paused (SIGSTOP, then
// SIGCONT). Each request is put in the fault window it overlaps; the report gives, per window,
// the requests lost (connection reset or cut answer, 502, 504, timeout), the 503s with
// Retry-After (honest answers, counted apart) and any other wrong answer, and judges:
// - no fault: nothing lost and nothing wrong;
// - SIGTERM: nothing lost and nothing wrong;
// - SIGKILL: every failed request was in flight on the killed replica: handed there by nginx,
//   under way when it died or written to its pooled connections before nginx saw them closed
//   (the soak tags each request with an id that nginx logs with the upstream it went to);
// - Redis paused: reported, not judged (what the pause did: answers, latency, readiness).
//
// SOAK_FAULT_CONNECTIONS (default 30), SOAK_FAULT_GAP_SECONDS (steady load between faults,
// default 5), SOAK_REDIS_PAUSE_SECONDS (default 5), SOAK_FAULT_TIMEOUT_MS (a request without a
// whole answer by then is a timeout, default 10000) change it.

import {
  buildStatefulNotes,
  createReplica,
  type NginxProcess,
  type RedisProcess,
  type Replica,
  removeScratch,
  scratchDir,
  startNginx,
  startRedis,
} from './fault-cluster.js'
import { KINDS, LOST, type Load, type Outcome, type Sent, startLoad } from './fault-load.js'
import { formatTable } from './format-table.js'
import { percentile, round } from './sample-latency.js'

const connections = Number(process.env.SOAK_FAULT_CONNECTIONS ?? 30)
const gapMs = Number(process.env.SOAK_FAULT_GAP_SECONDS ?? 5) * 1000
const redisPauseMs = Number(process.env.SOAK_REDIS_PAUSE_SECONDS ?? 5) * 1000
const timeoutMs = Number(process.env.SOAK_FAULT_TIMEOUT_MS ?? 10_000)
/** How long a window runs on after its fault is over (nginx skips a failed replica for 5 s). */
const afterMs = 5_000
/**
 * How soon after a replica's death nginx must stop handing it requests: it learns of the death
 * from its pooled connections closing, within a few of its event-loop turns (about 60 ms seen).
 */
const NOTICE_MS = 1_000

interface Window {
  name: string
  start: number
  end: number
  /** The requests under way when the fault struck. */
  inFlight: Sent[]
  /** When the process was seen dead, after the signal was sent at `start`. */
  exited?: number
}

function pause(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}

/** Samples a replica's /readyz every 500 ms: when, and whether it answered 200. */
function sampleReadiness(replica: Replica): { stop(): { at: number; ready: boolean }[] } {
  const samples: { at: number; ready: boolean }[] = []
  const timer = setInterval(() => {
    const at = performance.now()
    fetch(`http://${replica.address}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => samples.push({ at, ready: response.ok }),
      () => samples.push({ at, ready: false }),
    )
  }, 500)
  return {
    stop() {
      clearInterval(timer)
      return samples
    },
  }
}

/** Runs the fault phase and prints its report; whether every judged window held. */
export async function runFaultPhase(): Promise<boolean> {
  const dir = await scratchDir()
  let redis: RedisProcess | undefined
  let nginx: NginxProcess | undefined
  const replicas: Replica[] = []
  let load: Load | undefined
  try {
    const plugin = await buildStatefulNotes(dir)
    redis = await startRedis()
    for (let index = 0; index < 3; index++) {
      replicas.push(
        await createReplica(
          plugin,
          { PORTICO_REDIS_URL: redis.url },
          `${dir}/replica-${index + 1}.log`,
        ),
      )
    }
    await Promise.all(replicas.map((replica) => replica.start()))
    nginx = await startNginx(dir, replicas)
    const [stopped, killed, watched] = replicas as [Replica, Replica, Replica]
    console.log(
      `\nFault phase: 3 stateful replicas (Redis sessions) behind nginx (deploy/nginx/portico.conf), ${connections} connections (REST, MCP 2026, MCP 2025 sessions), ${timeoutMs} ms timeout`,
    )

    const readiness = sampleReadiness(watched)
    const windows: Window[] = []
    const running = startLoad({ url: nginx.url, connections, timeoutMs })
    load = running
    const began = performance.now()
    const log = (text: string) =>
      console.log(`  ${round((performance.now() - began) / 1000)} s: ${text}`)
    await pause(gapMs)

    let start = performance.now()
    let inFlight = running.outstanding()
    log(`SIGTERM replica 1 (pid ${stopped.pid()}), ${inFlight.length} requests under way`)
    await stopped.signal('SIGTERM')
    log('replica 1 exited; restarting it')
    await stopped.start()
    log('replica 1 ready')
    await pause(afterMs)
    windows.push({ name: 'SIGTERM + restart', start, end: performance.now(), inFlight })
    await pause(gapMs)

    start = performance.now()
    inFlight = running.outstanding()
    const killedPid = killed.pid()
    const exited = await killed.signal('SIGKILL')
    log(
      `SIGKILLed replica 2 (pid ${killedPid}), ${inFlight.length} requests under way; dead ${round(exited - start)} ms later; restarting it`,
    )
    await killed.start()
    log('replica 2 ready')
    await pause(afterMs)
    windows.push({ name: 'SIGKILL + restart', start, end: performance.now(), inFlight, exited })
    await pause(gapMs)

    start = performance.now()
    inFlight = running.outstanding()
    redis.pause()
    log(`Redis paused (SIGSTOP), ${inFlight.length} requests under way`)
    await pause(redisPauseMs)
    redis.resume()
    log('Redis resumed (SIGCONT)')
    await pause(afterMs)
    windows.push({
      name: `Redis paused ${redisPauseMs / 1000} s`,
      start,
      end: performance.now(),
      inFlight,
    })
    await pause(gapMs)

    const sent = await running.stop()
    load = undefined
    const ended = performance.now()
    const samples = readiness.stop()
    log(`load stopped: ${sent.length} requests`)
    await nginx.stop()
    const routes = await nginx.log()
    nginx = undefined

    return report({
      sent,
      windows,
      seconds: (ended - began) / 1000,
      killedAddress: killed.address,
      routes,
      samples,
      connections,
    })
  } finally {
    await load?.stop()
    await nginx?.stop()
    await Promise.all(replicas.map((replica) => replica.signal('SIGTERM')))
    await redis?.stop()
    if (process.env.SOAK_FAULT_KEEP === '1') console.log(`Fault phase files kept in ${dir}`)
    else await removeScratch(dir)
  }
}

interface ReportInput {
  sent: Sent[]
  windows: Window[]
  seconds: number
  killedAddress: string
  routes: Map<string, { upstreams: string[]; status: number }>
  samples: { at: number; ready: boolean }[]
  connections: number
}

const NO_FAULT = 'no fault'

function windowOf(request: Sent, windows: Window[]): string {
  const hit = windows.find((w) => request.started < w.end && request.ended > w.start)
  return hit?.name ?? NO_FAULT
}

function count(requests: Sent[], outcomes: Outcome[]): number {
  return requests.filter((request) => outcomes.includes(request.outcome)).length
}

function report(input: ReportInput): boolean {
  const { sent, windows, routes } = input
  const byWindow = new Map<string, Sent[]>()
  for (const name of [NO_FAULT, ...windows.map((w) => w.name)]) byWindow.set(name, [])
  for (const request of sent) byWindow.get(windowOf(request, windows))?.push(request)

  const rows: (string | number)[][] = []
  for (const [name, requests] of byWindow) {
    const kinds = [...new Set([...KINDS, ...requests.map((request) => request.kind)])]
    for (const kind of [...kinds, 'all']) {
      const of = kind === 'all' ? requests : requests.filter((request) => request.kind === kind)
      if (of.length === 0 && kind !== 'all') continue
      const times = of.map((request) => request.ended - request.started).sort((a, b) => a - b)
      rows.push([
        kind === 'all' ? name : `  ${kind}`,
        of.length,
        count(of, ['ok']),
        count(of, [...LOST]),
        count(of, ['reset']),
        count(of, ['502']),
        count(of, ['504']),
        count(of, ['timeout']),
        count(of, ['503']),
        count(of, ['other']),
        round(percentile(times, 0.99)),
        round(times[times.length - 1] ?? 0),
      ])
    }
  }
  console.log(
    formatTable(
      [
        'window / kind',
        'requests',
        'ok',
        'LOST',
        'reset',
        '502',
        '504',
        'timeout',
        '503+Retry-After',
        'other',
        'p99 ms',
        'max ms',
      ],
      rows,
    ),
  )
  console.log(
    `${sent.length} requests in ${round(input.seconds)} s (${Math.round(sent.length / input.seconds)}/s)`,
  )

  const verdicts: { name: string; held: boolean; text: string }[] = []
  const failed = (requests: Sent[]) =>
    requests.filter((request) => request.outcome !== 'ok' && request.outcome !== '503')
  const lost = (requests: Sent[]) => requests.filter((request) => LOST.has(request.outcome))
  const steady = byWindow.get(NO_FAULT) ?? []
  verdicts.push({
    name: NO_FAULT,
    held: failed(steady).length === 0,
    text: `${lost(steady).length} lost, ${count(steady, ['other'])} other wrong answers (must be 0)`,
  })

  const [term, kill, redis] = windows as [Window, Window, Window]
  const termRequests = byWindow.get(term.name) ?? []
  verdicts.push({
    name: term.name,
    held: failed(termRequests).length === 0,
    text: `${lost(termRequests).length} lost, ${count(termRequests, ['other'])} other wrong answers (must be 0); ${count(termRequests, ['503'])} × 503 with Retry-After; ${term.inFlight.length} requests under way at the SIGTERM`,
  })

  const killRequests = byWindow.get(kill.name) ?? []
  // A request is in flight on the killed replica when nginx handed it there and to no replica
  // after it (a refused connection is retried elsewhere; a request written never is, as a tool
  // call may have run). Most were under way when it died; the rest nginx wrote to its pooled
  // keep-alive connections to the dead process in the moment before it saw them closed. No
  // proxy can tell whether the replica read those, so at most once means they are lost too;
  // they must all be sent within that moment (NOTICE_MS), not for as long as nginx keeps trying.
  const exited = kill.exited ?? kill.start
  const killFailed = failed(killRequests)
  const handedToKilled = killFailed.filter(
    (request) =>
      routes.get(request.id)?.upstreams.at(-1) === input.killedAddress &&
      request.started < exited + NOTICE_MS,
  )
  const afterDeath = handedToKilled.filter((request) => request.started >= exited)
  const onKilled = new Set(handedToKilled.map((request) => request.id))
  const notInFlight = killFailed.filter((request) => !onKilled.has(request.id))
  const lastHanded = Math.max(exited, ...handedToKilled.map((request) => request.started))
  verdicts.push({
    name: kill.name,
    held: notInFlight.length === 0 && killFailed.length <= input.connections,
    text: `${lost(killRequests).length} lost, ${count(killRequests, ['other'])} other wrong answers; ${onKilled.size} failed requests were in flight on the killed replica (nginx's log: handed there and nowhere after; ${onKilled.size - afterDeath.length} under way before its death ${round(exited - kill.start)} ms after the SIGKILL, ${afterDeath.length} written to its pooled connections after it, the last ${round(lastHanded - kill.start)} ms after the SIGKILL; ${kill.inFlight.length} were under way on all replicas at the SIGKILL); ${notInFlight.length} failed requests were not in flight there (must be 0), and at most ${input.connections} (the connections)`,
  })

  const redisRequests = byWindow.get(redis.name) ?? []
  const during = input.samples.filter((sample) => sample.at >= redis.start && sample.at < redis.end)
  const stateful = redisRequests.filter((request) => request.kind.startsWith('MCP 2025'))
  const statefulTimes = stateful.map((request) => request.ended - request.started)
  verdicts.push({
    name: redis.name,
    held: true,
    text: `reported, not judged: ${lost(redisRequests).length} lost (${count(redisRequests, ['timeout'])} timeouts), ${count(redisRequests, ['503'])} × 503 with Retry-After, ${count(redisRequests, ['other'])} other wrong answers; stateful requests took up to ${round(Math.max(0, ...statefulTimes))} ms; an untouched replica's /readyz was ready in ${during.filter((sample) => sample.ready).length} of ${during.length} samples`,
  })

  const lostFirst = [...notInFlight].sort(
    (x, y) => Number(LOST.has(y.outcome)) - Number(LOST.has(x.outcome)),
  )
  for (const request of lostFirst.slice(0, 5)) {
    const route = routes.get(request.id)
    console.log(
      `  not in flight on the killed replica: #${request.id} ${request.kind}, sent ${round(request.started - kill.start)} ms after the kill, ended ${round(request.ended - kill.start)} ms after it, ${request.outcome}; nginx: ${route ? `${route.status} from ${route.upstreams.join(', ')}` : 'no log line'}`,
    )
  }
  for (const verdict of verdicts) {
    console.log(`${verdict.held ? 'ok  ' : 'FAIL'} ${verdict.name}: ${verdict.text}`)
  }
  const examples = new Map<string, string>()
  for (const request of sent) {
    if (request.outcome === 'ok') continue
    const key = `${windowOf(request, windows)} / ${request.kind} / ${request.outcome}`
    if (!examples.has(key)) examples.set(key, request.detail.slice(0, 400))
  }
  for (const [key, detail] of examples) console.log(`First of ${key}: ${detail}`)
  return verdicts.every((verdict) => verdict.held)
}
