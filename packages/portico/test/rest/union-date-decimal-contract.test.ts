import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { callTool, fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

// Issue 27, items 2, 3, 7 and 8: `Date | string` inputs and outputs, dates inside a recursive
// input, `@multipleOf 0.01`, and the errors of unions, over REST and both MCP eras, with the
// ledger fixture.

/** A task three deep: dates at every depth, a `Date | string` that is a date or not. */
const nestedTask = {
  title: 'release',
  at: '2026-03-01T10:00:00Z',
  remind: 'the day before',
  subtasks: [
    {
      title: 'build',
      at: '2026-02-27T08:00:00+01:00',
      subtasks: [
        { title: 'test', at: '2026-02-26T00:00:00Z', remind: '2026-02-25T09:00:00Z', subtasks: [] },
      ],
    },
    { title: 'notes', at: '2026-02-28T12:00:00Z', remind: 'hello', subtasks: [] },
  ],
}
const nestedEcho = {
  tasks: [
    { title: 'release', at: 'Date 2026-03-01T10:00:00.000Z', remind: 'the day before' },
    { title: 'build', at: 'Date 2026-02-27T07:00:00.000Z', remind: null },
    { title: 'test', at: 'Date 2026-02-26T00:00:00.000Z', remind: 'Date 2026-02-25T09:00:00.000Z' },
    { title: 'notes', at: 'Date 2026-02-28T12:00:00.000Z', remind: 'hello' },
  ],
}
describe('Date | string, decimal steps and union errors', () => {
  let server: ServedPlugin
  beforeAll(async () => {
    server = await servePlugin(fixtureDir('ledger-plugin'))
  })
  afterAll(() => server?.close())

  const rest = async (method: string, input: unknown) => {
    const response = await callTool(server.url, `/api/Ledger/${method}`, input)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  describe('over REST', () => {
    it('passes a string that is no date-time to a Date | string input as the string', async () => {
      expect(await rest('schedule', { due: 'hello', until: 'someday' })).toEqual({
        status: 200,
        body: { dueIsDate: false, due: 'hello', untilIsDate: false, until: 'someday' },
      })
    })

    it('revives a date-time string of a Date | string input as a Date', async () => {
      expect(await rest('schedule', { due: '2026-03-01T10:00:00Z', until: null })).toEqual({
        status: 200,
        body: { dueIsDate: true, due: '2026-03-01T10:00:00.000Z', untilIsDate: false, until: null },
      })
      expect(
        (await rest('schedule', { due: 'x', until: '2026-03-02T00:00:00+01:00' })).body,
      ).toEqual({
        dueIsDate: false,
        due: 'x',
        untilIsDate: true,
        until: '2026-03-01T23:00:00.000Z',
      })
    })

    it('revives the dates of a recursive input at every depth', async () => {
      expect(await rest('plan', { task: nestedTask })).toEqual({ status: 200, body: nestedEcho })
    })

    it('refuses a date that is no date-time deep inside a recursive input', async () => {
      const task = { ...nestedTask, subtasks: [{ title: 'x', at: 'tomorrow', subtasks: [] }] }
      const { status, body } = await rest('plan', { task })
      await expectProblem({ status, body }, 'validation')
      expect(body.errors).toEqual([
        { path: '/task/subtasks/0/at', message: 'must match format "date-time"' },
      ])
    })

    it('writes a Date | string output as the ISO string or the string', async () => {
      expect(await rest('dueOf', { due: '2026-03-01T10:00:00Z', asDate: true })).toEqual({
        status: 200,
        body: { due: '2026-03-01T10:00:00.000Z' },
      })
      expect(await rest('dueOf', { due: 'next week', asDate: false })).toEqual({
        status: 200,
        body: { due: 'next week' },
      })
    })

    it('accepts amounts in whole cents under @multipleOf 0.01', async () => {
      for (const price of [19.99, 0.07, 4.35]) {
        expect(await rest('price', { line: { price, quantity: 2 } })).toEqual({
          status: 200,
          body: { line: { price, quantity: 2 }, total: price * 2 },
        })
      }
    })

    it('refuses an amount with a third decimal with 422', async () => {
      const { status, body } = await rest('price', { line: { price: 19.999, quantity: 1 } })
      await expectProblem({ status, body }, 'validation')
      expect(body.errors).toEqual([{ path: '/line/price', message: 'must be multiple of 0.01' }])
    })

    it('answers an output in whole cents after the side effect, not 500', async () => {
      const before = (await rest('quoteCount', {})).body.quotes as number
      for (const cents of [1999, 7, 435]) {
        expect(await rest('quote', { cents })).toEqual({
          status: 200,
          body: { line: { price: cents / 100, quantity: 1 } },
        })
      }
      expect((await rest('quoteCount', {})).body).toEqual({ quotes: before + 3 })
    })

    it("reports a nullable object's own errors when an object was sent", async () => {
      const { status, body } = await rest('contact', { person: { name: '', age: -1 } })
      await expectProblem({ status, body }, 'validation')
      expect(body.errors).toEqual([
        { path: '/person/name', message: 'must NOT have fewer than 1 characters' },
        { path: '/person/age', message: 'must be >= 0' },
      ])
    })

    it('lists the allowed values of an unknown discriminator', async () => {
      const { status, body } = await rest('file', { card: { status: 'deleted', title: 't' } })
      await expectProblem({ status, body }, 'validation')
      expect(body.errors).toEqual([
        { path: '/card/status', message: 'must be one of "open", "done", "archived"' },
      ])
    })

    it('reports the branch a known discriminator names', async () => {
      const { body } = await rest('file', { card: { status: 'done', title: 't' } })
      expect(body.errors).toEqual([{ path: '/card/doneAt', message: 'is required' }])
    })

    it('names both shapes of { key } | { title } given neither', async () => {
      const { status, body } = await rest('find', { ref: {} })
      await expectProblem({ status, body }, 'validation')
      expect(body.errors).toEqual([
        { path: '/ref', message: 'must match one of: /key is required; or /title is required' },
      ])
    })
  })

  describe.each(protocolEras)('over MCP in the $name era', ({ mode }) => {
    let client: Client
    beforeAll(async () => {
      client = await connectMcpClient(`${server.url}/mcp`, mode)
    })
    afterAll(() => client?.close())

    const call = (name: string, args: Record<string, unknown>) =>
      client.callTool({ name: `Ledger_${name}`, arguments: args })
    const errorText = async (name: string, args: Record<string, unknown>) => {
      const result = await call(name, args)
      expect(result.isError).toBe(true)
      return (result.content as { text: string }[])[0]?.text
    }

    it('keeps a string that is no date-time a string, and revives a date-time', async () => {
      expect((await call('schedule', { due: 'hello' })).structuredContent).toEqual({
        dueIsDate: false,
        due: 'hello',
        untilIsDate: false,
        until: null,
      })
      expect((await call('schedule', { due: '2026-03-01T10:00:00Z' })).structuredContent).toEqual({
        dueIsDate: true,
        due: '2026-03-01T10:00:00.000Z',
        untilIsDate: false,
        until: null,
      })
    })

    it('revives the dates of a recursive input at every depth', async () => {
      expect((await call('plan', { task: nestedTask })).structuredContent).toEqual(nestedEcho)
    })

    it('takes and returns amounts in whole cents', async () => {
      const priced = await call('price', { line: { price: 19.99, quantity: 1 } })
      expect(priced.structuredContent).toEqual({
        line: { price: 19.99, quantity: 1 },
        total: 19.99,
      })
      const quoted = await call('quote', { cents: 435 })
      expect(quoted.isError).toBeFalsy()
      expect(quoted.structuredContent).toEqual({ line: { price: 4.35, quantity: 1 } })
    })

    it('names the meant branch of each union', async () => {
      expect(await errorText('contact', { person: { name: '', age: -1 } })).toBe(
        'The input of Ledger_contact is invalid:\n- /person/name: must NOT have fewer than 1 characters\n- /person/age: must be >= 0',
      )
      expect(await errorText('file', { card: { status: 'deleted', title: 't' } })).toBe(
        'The input of Ledger_file is invalid:\n- /card/status: must be one of "open", "done", "archived"',
      )
      expect(await errorText('find', { ref: {} })).toBe(
        'The input of Ledger_find is invalid:\n- /ref: must match one of: /key is required; or /title is required',
      )
    })
  })
})
