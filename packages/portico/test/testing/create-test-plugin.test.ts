// portico/testing over a real plugin: the context fixture's tools called through the runtime,
// over REST and over MCP with the official client, as a plugin's own tests would.
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PorticoError } from '../../src/core/portico-error.js'
import type { PorticoElicitRequest } from '../../src/core/tool-context.js'
import { createTestPlugin, type TestPlugin } from '../../src/testing/index.js'
import { fixtureDir } from '../support/serve-plugin.js'

const contextDir = fixtureDir('context-plugin')
let plugin: TestPlugin

beforeAll(async () => {
  plugin = await createTestPlugin(contextDir)
})
afterAll(() => plugin?.close())

/** The error a promise rejects with. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

const missingWord = [{ path: '/word', message: 'is required' }]

describe('plugin.call', () => {
  it('calls a tool through the runtime and resolves with its shaped result', async () => {
    expect(await plugin.call('Talk_echo', { word: 'hi' })).toEqual({ word: 'hi' })
  })

  it('rejects an invalid input with the PorticoError of kind validation REST reports as 422', async () => {
    const error = await rejectionOf(plugin.call('Talk_echo', {}))
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toMatchObject({
      kind: 'validation',
      message: 'The input of Talk_echo is invalid',
      details: missingWord,
    })
  })

  it('rejects an unknown tool with kind not_found', async () => {
    expect(await rejectionOf(plugin.call('Talk_nope', {}))).toMatchObject({
      kind: 'not_found',
      message: 'No tool named Talk_nope',
    })
  })

  it("answers ctx.elicit with the scripted answer and gives it the tool's request", async () => {
    const asked: PorticoElicitRequest[] = []
    const result = await plugin.call(
      'Talk_greet',
      {},
      {
        elicit: (request) => {
          asked.push(request)
          return { action: 'accept', content: { name: 'Ada' } }
        },
      },
    )
    expect(result).toMatchObject({ greeting: 'Hello, Ada!' })
    expect(asked.map((request) => request.message)).toEqual(['What is your name?'])
  })

  it('checks a scripted answer against the form, as a client answer is checked', async () => {
    const error = await rejectionOf(
      plugin.call('Talk_greet', {}, { elicit: () => ({ action: 'accept', content: {} }) }),
    )
    expect(error).toMatchObject({ kind: 'execution' })
    expect((error as Error).message).toMatch(/answer to the elicitation of Talk_greet is invalid/)
  })

  it('fails ctx.elicit with kind bad_request when no answer is scripted, as REST does', async () => {
    const error = await rejectionOf(plugin.call('Talk_greet', {}))
    expect(error).toMatchObject({ kind: 'bad_request' })
    expect((error as Error).message).toMatch(/ctx\.elicit, but its caller cannot answer/)
  })

  it('hands progress and logs to the callbacks given', async () => {
    const progress: [number, number | undefined, string | undefined][] = []
    const logs: unknown[] = []
    await plugin.call(
      'Talk_steps',
      { steps: 2 },
      { progress: (done, total, message) => void progress.push([done, total, message]) },
    )
    await plugin.call('Talk_logs', {}, { log: (level, data) => void logs.push([level, data]) })
    expect(progress).toEqual([
      [1, 2, 'Step 1 of 2'],
      [2, 2, 'Step 2 of 2'],
    ])
    expect(logs).toHaveLength(4)
    expect(logs[0]).toEqual(['debug', { level: 'debug', text: 'a debug message' }])
  })

  it("aborts the method's ctx.signal when the given signal aborts", async () => {
    const controller = new AbortController()
    const call = plugin.call('Talk_wait', {}, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('test over')), 20)
    expect(await call).toEqual({ aborted: true })
    expect(await plugin.call('Talk_lastAbort', {})).toEqual({ aborted: true, reason: 'test over' })
  })
})

describe('plugin.rest', () => {
  it('POSTs JSON to a REST route of the real server', async () => {
    const response = await plugin.rest('/api/Talk/echo', { word: 'hi' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ word: 'hi' })
  })

  it('answers an invalid input with 422 and the same details as call', async () => {
    const response = await plugin.rest('/api/Talk/echo', {})
    expect(response.status).toBe(422)
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(await response.json()).toMatchObject({ status: 422, errors: missingWord })
  })
})

describe('plugin.mcp', () => {
  it('connects the official MCP client to the real server', async () => {
    const client = await plugin.mcp()
    try {
      const result = await client.callTool({ name: 'Talk_echo', arguments: { word: 'hi' } })
      expect(result.structuredContent).toEqual({ word: 'hi' })
      const invalid = await client.callTool({ name: 'Talk_echo', arguments: {} })
      expect(invalid.isError).toBe(true)
    } finally {
      await client.close()
    }
  })

  it('answers elicitations over MCP with the scripted answer, in both eras', async () => {
    for (const era of ['2025', '2026-07-28'] as const) {
      const client = await plugin.mcp({
        era,
        elicit: () => ({ action: 'accept', content: { name: `Bea ${era}` } }),
      })
      try {
        const result = await client.callTool({ name: 'Talk_greet', arguments: {} })
        expect(result.structuredContent).toMatchObject({ greeting: `Hello, Bea ${era}!` })
      } finally {
        await client.close()
      }
    }
  })
})

describe('plugin.close', () => {
  it('stops the server and removes the compiled tools', async () => {
    // Its compiled tools go to `.portico/testing-<uuid>`, which no other suite writes.
    const outDirs = async () =>
      (await readdir(join(contextDir, '.portico'))).filter((name) => name.startsWith('testing-'))
    const before = await outDirs()
    const own = await createTestPlugin(contextDir)
    const made = (await outDirs()).filter((name) => !before.includes(name))
    expect(made).toHaveLength(1)
    expect((await own.rest('/api/Talk/echo', { word: 'x' })).status).toBe(200)
    await own.close()
    await expect(fetch(`${own.url}/api/Talk/echo`)).rejects.toThrow()
    expect(await outDirs()).toEqual(before)
    expect(existsSync(join(contextDir, 'tools/talk.ts'))).toBe(true)
  })
})

describe('an authenticated plugin', () => {
  it('serves REST and MCP as the caller given, and call as the one it names', async () => {
    const caller = {
      uid: 'ada',
      email: 'ada@example.com',
      orgs: ['acme'],
      avatar: { name: 'Ada', initials: 'A', picture: '' },
      token: 'not-checked',
      scopes: [],
    }
    const hub = await createTestPlugin(fixtureDir('auth-hub-plugin'), { caller })
    try {
      const response = await hub.rest('/api/Me/whoami', {})
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ uid: 'ada', email: 'ada@example.com' })
      const client = await hub.mcp()
      try {
        const result = await client.callTool({ name: 'Me_whoami', arguments: {} })
        expect(result.structuredContent).toMatchObject({ uid: 'ada' })
      } finally {
        await client.close()
      }
      const other = { ...caller, uid: 'bea', email: 'bea@example.com' }
      expect(await hub.call('Me_whoami', {}, { caller: other })).toMatchObject({ uid: 'bea' })
      expect(await hub.call('Me_whoami', {})).toMatchObject({ uid: 'ada' })
    } finally {
      await hub.close()
    }
  })
})
