import type { ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'

/** How long a request admitted now would wait for the event loop: see {@link createLoadGauge}. */
export interface LoadGauge {
  /** The wait a request admitted now can expect, in milliseconds. */
  waitMs(): number
  /** Counts an admitted request until its answer ends. */
  admit(response: ServerResponse): void
  stop(): void
}

/** Weight of the latest tick in the running mean of the loop's time per request. */
const SMOOTHING = 0.3
/**
 * Answers a process gives before it learns the loop time per request from them: its first
 * requests cost many times what the next ones do (JIT, lazy modules, documents built on first
 * use), and a replica restarted under load, with a few calls admitted, shed them as a queue
 * (8 calls of a 1 ms tool, each taken for 26 ms).
 */
const WARM_UP_ANSWERS = 100

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
 * current turn, plus the requests admitted and unanswered times the loop time each took lately.
 * The first part is the queue of a burst: Node reads the requests that arrived together one
 * after the other in one turn, and a call that runs on the CPU (a tool that does not await)
 * runs before the next is read, so the turn grows by each call ahead. The second is the queue
 * of calls that await: read at once, run in later turns. The loop time per request is the CPU
 * time the process spent over the requests answered in each tick; a request waiting on I/O
 * costs almost none, so many calls of a slow upstream do not count as a queue.
 * Open connections are not counted as requests waiting unread: a keep-alive connection that a
 * client or a proxy holds idle is indistinguishable from one holding a request, and counting
 * them shed the first calls of a freshly started replica (idle connections times the cost of
 * its cold first requests).
 * Both parts count the CPU time the process ran, not the time that passed: a process the
 * machine did not run (a starved host, a container throttled at its CPU quota, a stopped
 * process) finds its clock late by as long as it waited, and its calls slow alike, yet no work
 * of its own is in front of a new request. Shedding answers for the process's own queue; a
 * starved machine is the balancer's and the autoscaler's to see (measured with the loop's busy
 * time instead, 8 calls of a 1 ms tool on a machine at load 12 counted as 54 ms each).
 */
export function createLoadGauge(tickMs: number): LoadGauge {
  let lastTick = performance.now()
  let lastTickCpu = cpuMs()
  /** The CPU time at the last tick that learnt from (or had no call to learn from). */
  let learntCpu = lastTickCpu
  let pending = 0
  let answered = 0
  let msPerRequest = 0
  let lastMsPerRequest = 0
  let warmUp = WARM_UP_ANSWERS
  const answer = () => {
    pending -= 1
    answered += 1
  }
  const clock = setInterval(() => {
    lastTick = performance.now()
    lastTickCpu = cpuMs()
    if (answered > 0 && warmUp > 0) {
      warmUp -= answered
      answered = 0
      learntCpu = lastTickCpu
    } else if (answered > 0) {
      lastMsPerRequest = (lastTickCpu - learntCpu) / answered
      msPerRequest = msPerRequest * (1 - SMOOTHING) + lastMsPerRequest * SMOOTHING
      answered = 0
      learntCpu = lastTickCpu
    } else if (pending === 0) {
      learntCpu = lastTickCpu
    }
    // Otherwise the CPU time adds up until a request is answered: a call often runs in one
    // tick and ends (its socket closes) in the next. With nothing pending the mean stays, so
    // the next burst is judged by the cost the last one showed.
  }, tickMs).unref()
  return {
    waitMs() {
      const late = performance.now() - lastTick - tickMs
      // A late clock is a stuck loop only as far as the process ran meanwhile: read the CPU
      // time (a system call) only then, which a loop that keeps up never pays.
      const stuck = late > 0 ? Math.max(0, Math.min(late, cpuMs() - lastTickCpu - tickMs)) : 0
      // The lower of the mean and the latest tick: a call that was costly once (a document
      // built, a cache filled) must not count as the cost of every call.
      return stuck + pending * Math.min(msPerRequest, lastMsPerRequest)
    },
    admit(response) {
      pending += 1
      // `on` with one shared listener: a response closes once, and `once` wraps each in a closure.
      response.on('close', answer)
    },
    stop: () => clearInterval(clock),
  }
}
