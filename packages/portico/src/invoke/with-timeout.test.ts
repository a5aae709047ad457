import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../core/portico-error.js'
import { withTimeout } from './with-timeout.js'

const never = () => new Promise<never>(() => {})

describe('withTimeout', () => {
  it('settles with the work, and rejects with its failure', async () => {
    await expect(withTimeout(() => Promise.resolve(7), 1_000, 'work')).resolves.toBe(7)
    await expect(withTimeout(() => 8, 1_000, 'work')).resolves.toBe(8)
    const failure = new Error('no')
    await expect(withTimeout(() => Promise.reject(failure), 1_000, 'work')).rejects.toBe(failure)
  })

  it('rejects when the start throws, without waiting for the clock', async () => {
    const failure = new Error('thrown at once')
    const started = performance.now()
    await expect(
      withTimeout(
        () => {
          throw failure
        },
        60_000,
        'work',
      ),
    ).rejects.toBe(failure)
    expect(performance.now() - started).toBeLessThan(30_000)
  })

  it('counts from before the work starts: a synchronous part is inside the limit', async () => {
    const order: string[] = []
    const timedOut = withTimeout(
      () => {
        const until = performance.now() + 40
        while (performance.now() < until) {
          // The method's synchronous part, on the CPU.
        }
        // Due after the call's own timer only if that one was armed before this part ran.
        setTimeout(() => order.push('a timer armed after the synchronous part'), 20)
        return never()
      },
      20,
      'Slow_tool',
    ).catch((error: unknown) => {
      order.push('timed out')
      return error
    })
    const error = await timedOut
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(order).toEqual(['timed out', 'a timer armed after the synchronous part'])
    expect(isPorticoError(error) && error.kind).toBe('timeout')
    expect((error as Error).message).toBe('Slow_tool did not finish within 20 ms')
  })

  it('tells onTimeout, and hands a failure after the timeout to onLateFailure', async () => {
    let fail: (error: Error) => void = () => {}
    const late: unknown[] = []
    const heard: unknown[] = []
    const outcome = withTimeout(
      () =>
        new Promise((_, reject) => {
          fail = reject
        }),
      10,
      'work',
      (error) => late.push(error),
      (error) => heard.push(error),
    )
    await expect(outcome).rejects.toMatchObject({ kind: 'timeout' })
    expect(heard).toHaveLength(1)
    const failure = new Error('after the answer')
    fail(failure)
    await new Promise((resolve) => setImmediate(resolve))
    expect(late).toEqual([failure])
  })
})
