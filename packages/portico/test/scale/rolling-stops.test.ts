import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pollUntil, runCli } from '../support/cli-process.js'
import { type Nginx, startNginx } from './nginx.js'
import {
  type BuiltPlugin,
  buildReplicaPlugin,
  type ReplicaProcess,
  startReplicas,
  stopReplicas,
} from './replicas.js'

// Two `portico start` replicas of a stateless plugin behind nginx (deploy/nginx/portico.conf),
// which keeps connections to them alive, under a steady load of tool calls: one caller after
// the other and several at once. One replica at a time gets SIGTERM and is started again on its
// port, 20 times. A tool call is a POST, which nginx never sends twice: a call that meets a
// connection closed under it is lost. The graceful stop must lose none.

/** Rolling stops in the run: the work this test does, whatever the time it takes. */
const STOPS = 20
/** Callers at once, besides the one that calls one call after the other. */
const CONCURRENT = 8
/** Answers each replica gives after its start before it may be stopped: it is in rotation. */
const ANSWERS_BEFORE_STOP = 20

let plugin: BuiltPlugin | undefined
let replicas: ReplicaProcess[] = []
let nginx: Nginx | undefined

beforeAll(async () => {
  plugin = await buildReplicaPlugin('stateless')
  replicas = await startReplicas(plugin.dir, 2)
  // A restarted replica is back in rotation 1 s after the connection it refused, not the
  // deploy file's 5 s: the run waits for each replica's answers before each stop.
  nginx = await startNginx(
    replicas.map((replica) => replica.port),
    { failTimeout: '1s' },
  )
})
afterAll(async () => {
  await nginx?.stop()
  await stopReplicas(replicas)
  await plugin?.remove()
})

/** A load on nginx: what each call answered, until `stop`. */
function startLoad(url: string) {
  const answers = new Map<number, number>()
  const failures: string[] = []
  let running = true
  let calls = 0
  const call = async (ms: number) => {
    calls += 1
    try {
      const response = await fetch(`${url}/api/Replica/wait`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      })
      const text = await response.text()
      if (!response.ok) failures.push(`${response.status} ${text.slice(0, 200)}`)
      else {
        const { pid } = JSON.parse(text) as { pid: number }
        answers.set(pid, (answers.get(pid) ?? 0) + 1)
      }
    } catch (error) {
      failures.push(`${String(error)} (${String((error as Error).cause)})`)
    }
  }
  const caller = async (ms: () => number) => {
    while (running) await call(ms())
  }
  const callers = [
    caller(() => 0),
    ...Array.from({ length: CONCURRENT }, () => caller(() => Math.floor(Math.random() * 30))),
  ]
  return {
    failures,
    answersOf: (pid: number | undefined) => (pid === undefined ? 0 : (answers.get(pid) ?? 0)),
    calls: () => calls,
    async stop() {
      running = false
      await Promise.all(callers)
    },
  }
}

describe('rolling SIGTERMs of replicas behind nginx, under load', () => {
  it(`lose no request in ${STOPS} stops`, async () => {
    const url = nginx?.url ?? ''
    const load = startLoad(url)
    try {
      for (let stop = 0; stop < STOPS; stop++) {
        // Both replicas in rotation, with kept-alive connections from nginx.
        await pollUntil(async () =>
          replicas.every((replica) => load.answersOf(replica.cli.child.pid) >= ANSWERS_BEFORE_STOP)
            ? true
            : undefined,
        )
        const index = stop % replicas.length
        const replica = replicas[index] as ReplicaProcess
        replica.cli.child.kill('SIGTERM')
        expect(await replica.cli.exited()).toBe(0)
        const cli = runCli(['start', plugin?.dir ?? ''], {
          PORT: String(replica.port),
          HOST: '127.0.0.1',
        })
        replicas[index] = { ...replica, cli }
        await cli.waitForOutput(/Ready in \d+ ms/)
      }
    } finally {
      await load.stop()
    }
    expect(load.calls()).toBeGreaterThan(STOPS * ANSWERS_BEFORE_STOP)
    expect(load.failures).toEqual([])
  })
})
