import type { Server, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'

/** How long a request admitted now would wait for the event loop: see {@link createLoadGauge}. */
export interface LoadGauge {
  /** The wait a request admitted now can expect, in milliseconds. */
  waitMs(): number
  /** Counts an admitted request until its answer ends. */
  admit(response: ServerResponse): void
  /** Counts the server's open connections: each may hold a request not read yet. */
  watch(server: Server): void
  stop(): void
}

/** Weight of the latest tick in the running mean of the loop's time per request. */
const SMOOTHING = 0.3
/** A tick whose loop was busy this share of the time or more leaves it no rest: saturated. */
const SATURATED = 0.9

/**
 * `process.threadCpuUsage()`, where Node has it (22 and 24 do): the main thread's own CPU time. Node 20 has only
 * the whole process's, which counts `server.isolateTools` workers too: there a busy worker can
 * make a starved main thread look as if it ran.
 */
const readCpu: () => NodeJS.CpuUsage =
  (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.bind(process) ??
  (() => process.cpuUsage())

/** The main thread's CPU time (user and system) in milliseconds, or the process's on Node 20. */
const cpuMs = (): number => {
  const { user, system } = readCpu()
  return (user + system) / 1000
}

/**
 * Estimates the queue in front of a new request: how long the event loop has been stuck in the
 * current turn, plus the requests ahead of it times the loop time each took lately. Ahead of it
 * are the requests admitted and unanswered and, while the loop is saturated (busy 90% of each
 * tick or more: requests arrive faster than it reads them), one request on each other open
 * connection, waiting unread in its socket.
 * That last part is what a queue of CPU-bound calls is made of: Node reads their requests in a
 * few turns and runs them in many later ones, its loop turning between calls, so a delay
 * reading alone (`monitorEventLoopDelay`, or the first part here) stays near one call's length
 * however long the queue. A saturated loop of cheap requests is no queue: 50 connections of
 * 30 µs calls wait 1.5 ms. The loop time per request comes from `eventLoopUtilization()` (busy
 * time) over the requests answered in each tick; a request waiting on I/O costs the loop
 * almost nothing, so many calls of a slow upstream do not count as a queue.
 * A late clock counts as a stuck turn only as far as the process ran meanwhile: a process the
 * machine did not run (a starved host, a container throttled at its CPU quota, a stopped
 * process) finds its clock late by as long as it waited, yet its loop is not stuck in any work
 * that a new request would wait for. The loop time per request stays in wall time: while the
 * machine runs the process slowly, its queue drains slowly, and that is the wait to predict.
 */
export function createLoadGauge(tickMs: number): LoadGauge {
  let lastTick = performance.now()
  let lastTickCpu = cpuMs()
  let lastUsage = performance.eventLoopUtilization()
  let pending = 0
  let answered = 0
  let msPerRequest = 0
  let lastMsPerRequest = 0
  let tickUsage = lastUsage
  let saturated = false
  let connections = 0
  const clock = setInterval(() => {
    const now = performance.now()
    const usage = performance.eventLoopUtilization()
    saturated = performance.eventLoopUtilization(usage, tickUsage).utilization >= SATURATED
    tickUsage = usage
    lastTick = now
    lastTickCpu = cpuMs()
    if (answered > 0) {
      lastMsPerRequest = (usage.active - lastUsage.active) / answered
      msPerRequest = msPerRequest * (1 - SMOOTHING) + lastMsPerRequest * SMOOTHING
      answered = 0
      lastUsage = usage
    } else if (pending === 0) {
      lastUsage = usage
    }
    // Otherwise the busy time adds up until a request is answered: a call often runs in one
    // tick and ends (its socket closes) in the next. With nothing pending the mean stays, so
    // the next burst is judged by the cost the last one showed.
  }, tickMs).unref()
  return {
    waitMs() {
      const late = performance.now() - lastTick - tickMs
      // A late clock is a stuck loop only as far as the process ran meanwhile: read the CPU
      // time (a system call) only then, which a loop that keeps up never pays.
      const stuck = late > 0 ? Math.max(0, Math.min(late, cpuMs() - lastTickCpu - tickMs)) : 0
      const unread = saturated ? Math.max(0, connections - pending) : 0
      // The lower of the mean and the latest tick: the first requests of a cold process (JIT,
      // lazy modules) cost many times what the next ones do, and must not shed those.
      return stuck + (pending + unread) * Math.min(msPerRequest, lastMsPerRequest)
    },
    admit(response) {
      pending += 1
      response.once('close', () => {
        pending -= 1
        answered += 1
      })
    },
    watch(server) {
      server.on('connection', (socket) => {
        connections += 1
        socket.once('close', () => {
          connections -= 1
        })
      })
    },
    stop: () => clearInterval(clock),
  }
}
