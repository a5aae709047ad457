import { PorticoError } from '../core/portico-error.js'
import { armDeadline, disarmDeadline } from './arm-deadline.js'

/**
 * Starts the work and settles with it, or rejects with a `timeout` error `ms` after it started,
 * which `onTimeout` hears too (a tool's context aborts its signal with it). The clock starts
 * before the work does, so a method that first runs on the CPU and then waits counts both. A
 * `start` that throws rejects. The work itself may not stop: its late result is dropped, and a
 * late failure goes to `onLateFailure`, since no caller is left to hear of it.
 */
export function withTimeout<T>(
  start: () => T | PromiseLike<T>,
  ms: number,
  what: string,
  onLateFailure?: (error: unknown) => void,
  onTimeout?: (error: PorticoError) => void,
): Promise<T> {
  // One promise and one deadline a call (not a timer: see armDeadline), not a race and a
  // `finally`, and the work started here rather than in a turn of its own: this wraps every
  // tool call.
  return new Promise<T>((resolve, reject) => {
    let work: Promise<T> | undefined
    const deadline = armDeadline(ms, () => {
      if (onLateFailure) work?.catch(onLateFailure)
      const error = new PorticoError('timeout', `${what} did not finish within ${ms} ms`)
      onTimeout?.(error)
      reject(error)
    })
    try {
      work = Promise.resolve(start())
    } catch (error) {
      disarmDeadline(deadline)
      reject(error)
      return
    }
    work.then(
      (value) => {
        disarmDeadline(deadline)
        resolve(value)
      },
      (error: unknown) => {
        disarmDeadline(deadline)
        reject(error)
      },
    )
  })
}
