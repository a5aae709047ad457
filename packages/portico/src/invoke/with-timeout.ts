import { PorticoError } from '../core/portico-error.js'

/**
 * Settles with `work`, or rejects with a `timeout` error after `ms`. The work itself cannot be
 * cancelled (a method receives no signal in mode anon); its late result is dropped.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PorticoError('timeout', `${what} did not finish within ${ms} ms`)),
      ms,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
