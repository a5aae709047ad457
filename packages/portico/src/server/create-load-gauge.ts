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
/** A tick whose loop was busy this share of the time or more leaves it no rest: saturated. */
const SATURATED = 0.9

/**
 * Estimates the queue in front of a new request: how long the event loop has been stuck in the
 * current turn or saturated without a rest (busy 90% of each tick or more: requests arrive
 * faster than it answers them, so they wait unread in the sockets), plus the requests admitted
 * and unanswered times the loop time each took lately.
 * The second part is what a queue of CPU-bound calls is made of: Node reads their requests in a
 * few turns and runs them in many later ones, its loop turning between calls, so a delay
 * reading alone (`monitorEventLoopDelay`, or the first part here) stays near one call's length
 * however long the queue. The loop time per request comes from `eventLoopUtilization()` (busy
 * time) over the requests answered in each tick; a request waiting on I/O costs the loop
 * almost nothing, so many calls of a slow upstream do not count as a queue.
 */
export function createLoadGauge(tickMs: number): LoadGauge {
  let lastTick = performance.now()
  let lastUsage = performance.eventLoopUtilization()
  let pending = 0
  let answered = 0
  let msPerRequest = 0
  let tickUsage = lastUsage
  let saturatedSince: number | undefined
  const clock = setInterval(() => {
    const now = performance.now()
    const usage = performance.eventLoopUtilization()
    if (performance.eventLoopUtilization(usage, tickUsage).utilization < SATURATED)
      saturatedSince = undefined
    else saturatedSince ??= lastTick
    tickUsage = usage
    lastTick = now
    if (answered > 0) {
      const busy = usage.active - lastUsage.active
      msPerRequest = msPerRequest * (1 - SMOOTHING) + (busy / answered) * SMOOTHING
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
      const now = performance.now()
      const stuck = Math.max(
        now - lastTick - tickMs,
        saturatedSince === undefined ? 0 : now - saturatedSince,
      )
      return Math.max(0, stuck) + pending * msPerRequest
    },
    admit(response) {
      pending += 1
      response.once('close', () => {
        pending -= 1
        answered += 1
      })
    },
    stop: () => clearInterval(clock),
  }
}
