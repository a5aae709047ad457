import { PorticoError } from '../core/portico-error.js'

/**
 * Settles with `work`, or rejects with a `timeout` error after `ms`, which `onTimeout` hears
 * too (a tool's context aborts its signal with it). The work itself may not stop: its late
 * result is dropped, and a late failure goes to `onLateFailure`, since no caller is left to
 * hear of it.
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  onLateFailure?: (error: unknown) => void,
  onTimeout?: (error: PorticoError) => void,
): Promise<T> {
  // One promise and one timer a call, not a race and a `finally`: this wraps every tool call.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (onLateFailure) work.catch(onLateFailure)
      const error = new PorticoError('timeout', `${what} did not finish within ${ms} ms`)
      onTimeout?.(error)
      reject(error)
    }, ms)
    work.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
