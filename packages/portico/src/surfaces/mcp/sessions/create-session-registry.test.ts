import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSessionRegistry } from './create-session-registry.js'

function closable() {
  return { close: vi.fn(async () => {}) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createSessionRegistry', () => {
  it('finds a session only by its id, server and user', () => {
    const registry = createSessionRegistry({ maxSessions: 10, idleMs: 1_000 })
    const session = closable()
    registry.add('id', { server: '', uid: 'alice', session })
    expect(registry.find('id', '', 'alice')).toBe(session)
    expect(registry.find('id', '', 'bob')).toBeUndefined()
    expect(registry.find('id', '', undefined)).toBeUndefined()
    expect(registry.find('id', 'tags', 'alice')).toBeUndefined()
    expect(registry.find('other', '', 'alice')).toBeUndefined()
  })

  it('has room up to the limit, and again once a session is forgotten', () => {
    const registry = createSessionRegistry({ maxSessions: 2, idleMs: 1_000 })
    registry.add('a', { server: '', uid: undefined, session: closable() })
    expect(registry.hasRoom()).toBe(true)
    registry.add('b', { server: '', uid: undefined, session: closable() })
    expect(registry.hasRoom()).toBe(false)
    registry.forget('a')
    expect(registry.hasRoom()).toBe(true)
  })

  it('closes a session unused past the idle time, never one in use', async () => {
    vi.useFakeTimers()
    const registry = createSessionRegistry({ maxSessions: 10, idleMs: 1_000 })
    const idle = closable()
    const busy = closable()
    registry.add('idle', { server: '', uid: undefined, session: idle })
    registry.add('busy', { server: '', uid: undefined, session: busy })
    const done = registry.begin('busy')
    await vi.advanceTimersByTimeAsync(1_300)
    expect(idle.close).toHaveBeenCalledOnce()
    expect(registry.find('idle', '', undefined)).toBeUndefined()
    expect(busy.close).not.toHaveBeenCalled()
    done()
    await vi.advanceTimersByTimeAsync(1_300)
    expect(busy.close).toHaveBeenCalledOnce()
  })

  it('reports each session in use at every check, never an idle one', async () => {
    vi.useFakeTimers()
    const inUse: string[] = []
    const registry = createSessionRegistry({
      maxSessions: 10,
      idleMs: 1_000,
      onInUse: (id) => inUse.push(id),
    })
    registry.add('busy', { server: '', uid: undefined, session: closable() })
    registry.add('idle', { server: '', uid: undefined, session: closable() })
    const done = registry.begin('busy')
    // Checks every 250 ms (a quarter of the idle time).
    await vi.advanceTimersByTimeAsync(1_000)
    expect(inUse).toEqual(['busy', 'busy', 'busy', 'busy'])
    done()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(inUse).toHaveLength(4)
  })

  it('closes one session on demand (it ended elsewhere), ignoring an unknown id', async () => {
    const registry = createSessionRegistry({ maxSessions: 1, idleMs: 1_000 })
    const session = closable()
    registry.add('a', { server: '', uid: undefined, session })
    await registry.close('a')
    await registry.close('unknown')
    expect(session.close).toHaveBeenCalledOnce()
    expect(registry.find('a', '', undefined)).toBeUndefined()
    expect(registry.hasRoom()).toBe(true)
  })

  it('says when the next unused session expires, for Retry-After', async () => {
    vi.useFakeTimers()
    const registry = createSessionRegistry({ maxSessions: 1, idleMs: 10_000 })
    registry.add('a', { server: '', uid: undefined, session: closable() })
    await vi.advanceTimersByTimeAsync(4_000)
    // 6 s to expiry, plus up to one sweep (2.5 s) before it is noticed.
    expect(registry.retryAfterSeconds()).toBe(9)
  })

  it('closes every session and opens no more once closing', async () => {
    const registry = createSessionRegistry({ maxSessions: 10, idleMs: 1_000 })
    const sessions = [closable(), closable()]
    for (const [index, session] of sessions.entries()) {
      registry.add(String(index), { server: '', uid: undefined, session })
    }
    await registry.closeAll()
    for (const session of sessions) expect(session.close).toHaveBeenCalledOnce()
    expect(registry.hasRoom()).toBe(false)
  })
})
