/** A deadline armed by {@link armDeadline}: disarm it with {@link disarmDeadline}. */
export interface Deadline {
  /** When it falls due, on `performance.now()`'s clock. */
  readonly at: number
  readonly expire: () => void
  readonly queue: DeadlineQueue
  /** Its neighbours in the queue while it waits; both absent once it left. */
  previous: Deadline | undefined
  next: Deadline | undefined
}

/**
 * The deadlines of one length, oldest first, which is the order they fall due, and the one
 * timer that serves them all. A list of their own links rather than a `Set`: a `Set` emptied
 * and filled again by every call rebuilds its table every few calls, and under load those
 * tables were promoted to the old space (30 MiB more peak RSS in 6 s of MCP calls).
 */
interface DeadlineQueue {
  first: Deadline | undefined
  last: Deadline | undefined
  timer: NodeJS.Timeout | undefined
}

const queues = new Map<number, DeadlineQueue>()

/**
 * Calls `expire` (which must not throw) `ms` from now, unless {@link disarmDeadline} comes first.
 * Every tool call arms one and nearly all finish in time: a timer per call (a `Timeout`, its
 * async id and the timer list's upkeep) cost about 0.5 µs of each, measured under load, where
 * this costs a few links. One timer per length serves its queue, as Node's own timer lists do:
 * armed for the oldest deadline, moved on to the next one when it fires. While a deadline
 * waits, the timer keeps the process alive, as a timer per call did; with none, it does not.
 */
export function armDeadline(ms: number, expire: () => void): Deadline {
  let queue = queues.get(ms)
  if (queue === undefined) {
    queue = { first: undefined, last: undefined, timer: undefined }
    queues.set(ms, queue)
  }
  const deadline: Deadline = {
    at: performance.now() + ms,
    expire,
    queue,
    previous: queue.last,
    next: undefined,
  }
  if (queue.last) queue.last.next = deadline
  else queue.first = deadline
  queue.last = deadline
  if (queue.timer === undefined) queue.timer = setTimeout(fire, ms, queue)
  else if (queue.first === deadline) queue.timer.ref()
  return deadline
}

/** Forgets `deadline`: it will not expire. Disarming it again, or after it expired, is a no-op. */
export function disarmDeadline(deadline: Deadline): void {
  const { queue } = deadline
  if (deadline.previous === undefined && queue.first !== deadline) return
  unlink(deadline)
  if (queue.first === undefined) queue.timer?.unref()
}

function unlink(deadline: Deadline): void {
  const { queue, previous, next } = deadline
  if (previous) previous.next = next
  else queue.first = next
  if (next) next.previous = previous
  else queue.last = previous
  deadline.previous = undefined
  deadline.next = undefined
}

/**
 * Sets the timer for the next deadline not due, then expires those that are, oldest first. The
 * timer may come early (it was armed for a deadline disarmed since): then it is only set again.
 */
function fire(queue: DeadlineQueue): void {
  queue.timer = undefined
  const now = performance.now()
  const due: Deadline[] = []
  for (let deadline = queue.first; deadline !== undefined; deadline = queue.first) {
    if (deadline.at > now) {
      queue.timer = setTimeout(fire, Math.ceil(deadline.at - now), queue)
      break
    }
    unlink(deadline)
    due.push(deadline)
  }
  for (const deadline of due) deadline.expire()
}
