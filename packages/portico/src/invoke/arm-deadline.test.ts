import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { armDeadline, type Deadline, disarmDeadline } from './arm-deadline.js'

const exec = promisify(execFile)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Arms a deadline of `ms` and resolves with how long after arming it expired. */
function expiry(ms: number): Promise<number> {
  const armed = performance.now()
  return new Promise((resolve) => armDeadline(ms, () => resolve(performance.now() - armed)))
}

describe('armDeadline', () => {
  it('expires a deadline once its time has passed, and not before', async () => {
    // Node's timer may come a little early (it counts from the loop's clock, read before the
    // deadline was armed): the deadline is then only set again.
    expect(await expiry(30)).toBeGreaterThanOrEqual(30)
  })

  it('expires each of one length at its own time, in the order they were armed', async () => {
    const order: string[] = []
    const first = expiry(40).then((waited) => {
      order.push('first')
      return waited
    })
    await sleep(25)
    // The queue's timer was armed for the first one: the second waits its own 40 ms, not 15.
    const second = expiry(40).then((waited) => {
      order.push('second')
      return waited
    })
    expect(await first).toBeGreaterThanOrEqual(40)
    expect(await second).toBeGreaterThanOrEqual(40)
    expect(order).toEqual(['first', 'second'])
  })

  it('never expires a disarmed deadline, first, middle or last, and serves the others', async () => {
    const expired: string[] = []
    const armed = new Map(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [name, armDeadline(20, () => expired.push(name))]),
    )
    const disarm = (name: string) => disarmDeadline(armed.get(name) as Deadline)
    for (const name of ['a', 'c', 'e', 'c']) disarm(name)
    await sleep(40)
    expect(expired).toEqual(['b', 'd'])
    disarm('b')
    // Armed after the queue emptied, its timer already spent: a timer of its own again.
    expect(await expiry(20)).toBeGreaterThanOrEqual(20)
    expect(expired).toEqual(['b', 'd'])
  })

  it('keeps the process alive while a deadline waits, and lets it exit once none does', async () => {
    const module = join(import.meta.dirname, 'arm-deadline.ts')
    const script = (body: string) => [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { armDeadline, disarmDeadline } from ${JSON.stringify(module)}\n${body}`,
    ]
    const started = performance.now()
    const waiting = await exec(
      process.execPath,
      script(`const at = performance.now()
armDeadline(300, () => console.log('expired after', Math.round(performance.now() - at)))`),
    )
    expect(Number(/^expired after (\d+)\n$/.exec(waiting.stdout)?.[1])).toBeGreaterThanOrEqual(300)
    // A deadline of a minute, disarmed: its queue's timer no longer holds the process.
    const idle = await exec(
      process.execPath,
      script(`disarmDeadline(armDeadline(60_000, () => console.log('expired')))
console.log('done')`),
    )
    expect(idle.stdout).toBe('done\n')
    expect(performance.now() - started).toBeLessThan(30_000)
  })
})
