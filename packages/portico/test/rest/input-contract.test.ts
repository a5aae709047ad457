import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { callTool, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const shapeTools = `
interface Circle { kind: 'circle'; radius: number; label: string; color: string; x: number; y: number }
interface Square { kind: 'square'; side: number; label: string; color: string; x: number; y: number }
interface Line { from: number; to: number }
interface Dot { at: number }

export class Shapes {
  /** Echoes its input, defaults applied. */
  echo(input: {
    /** @default 3 */
    days?: number
    /** @default "2026-01-01T00:00:00Z" */
    since?: Date
    options?: {
      /** @default "asc" */
      order?: string
    }
  }): { days: number; since: string; sinceIsDate: boolean; order: string | null } {
    return {
      days: input.days as number,
      since: String(input.since instanceof Date ? input.since.toISOString() : input.since),
      sinceIsDate: input.since instanceof Date,
      order: input.options?.order ?? null,
    }
  }

  /** Takes a discriminated union. */
  draw(input: { shape: Circle | Square }): { ok: boolean } { return { ok: true } }

  /** Takes a union without a discriminator. */
  mark(input: { mark: Line | Dot }): { ok: boolean } { return { ok: true } }

  /** Takes nullable values. */
  weigh(input: { grams: number | null; label: string | null }): { ok: boolean } { return { ok: true } }

  /** Takes a union of primitive types, which the schema writes as a type list. */
  show(input: { value: string | number | boolean }): { text: string } { return { text: String(input.value) } }
}
`

describe('the input contract', () => {
  const temp = useTempPlugins('input-contract')
  let server: ServedPlugin

  beforeAll(async () => {
    const dir = await temp.plugin({
      'package.json': '{ "name": "shapes", "version": "1.0.0", "type": "module" }',
      'tools/shapes.ts': shapeTools,
    })
    server = await servePlugin(dir)
  })
  afterAll(() => server?.close())

  const rest = async (method: string, input: unknown) => {
    const response = await callTool(server.url, `/api/Shapes/${method}`, input)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  const defaulted = {
    days: 3,
    since: '2026-01-01T00:00:00.000Z',
    sinceIsDate: true,
    order: null,
  }

  it('applies @default values before the method runs, over REST', async () => {
    expect(await rest('echo', {})).toEqual({ status: 200, body: defaulted })
    expect((await rest('echo', { days: 5, options: {} })).body).toEqual({
      ...defaulted,
      days: 5,
      order: 'asc',
    })
  })

  it('reports the branch a discriminator picks, in plain words', async () => {
    const { status, body } = await rest('draw', {
      shape: { kind: 'circle', label: 'c', color: 'red', x: 1, y: 2 },
    })
    await expectProblem({ status, body }, 'validation')
    expect(body.errors).toEqual([{ path: '/shape/radius', message: 'is required' }])
  })

  it('reports the closest branch of a union without a discriminator', async () => {
    const { body } = await rest('mark', { mark: { from: 1 } })
    expect(body.errors).toEqual([{ path: '/mark/to', message: 'is required' }])
  })

  it('takes a union of primitive types (a type list in the schema)', async () => {
    expect(await rest('show', { value: 4 })).toEqual({ status: 200, body: { text: '4' } })
    expect(await rest('show', { value: true })).toEqual({ status: 200, body: { text: 'true' } })
    await expectProblem(await rest('show', { value: [] }), 'validation')
  })

  it('words type errors of nullable values plainly', async () => {
    const { body } = await rest('weigh', { grams: 'heavy', label: 3 })
    expect(body.errors).toEqual([
      { path: '/grams', message: 'must be a number or null' },
      { path: '/label', message: 'must be a string or null' },
    ])
  })

  describe.each(protocolEras)('over MCP in the $name era', ({ mode }) => {
    let client: Client
    beforeAll(async () => {
      client = await connectMcpClient(`${server.url}/mcp`, mode)
    })
    afterAll(() => client?.close())

    it('applies @default values', async () => {
      const result = await client.callTool({ name: 'Shapes_echo', arguments: {} })
      expect(result.structuredContent).toEqual(defaulted)
    })

    it('reports the discriminated branch only', async () => {
      const result = await client.callTool({
        name: 'Shapes_draw',
        arguments: { shape: { kind: 'square', label: 's', color: 'red', x: 1, y: 2 } },
      })
      expect(result.isError).toBe(true)
      expect((result.content as { text: string }[])[0]?.text).toBe(
        'The input of Shapes_draw is invalid:\n- /shape/side: is required',
      )
    })
  })
})
