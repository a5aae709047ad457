import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callTool,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/** examples/conformance's tool whose input schema is a hand-written JSON Schema 2020-12 file. */
const path = '/api/json/schema_2020_12_tool'
let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(resolve(notesExampleDir, '../conformance'))
})
afterAll(() => server?.close())

describe('an input schema given with @inputSchema', () => {
  it('is described in OpenAPI 3.0 with what that dialect has (allOf, anyOf; no if/then)', async () => {
    const openApi = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: unknown }> } } }
      >
    }
    const schema = openApi.paths[path]?.post.requestBody.content['application/json']?.schema
    const text = JSON.stringify(schema)
    expect(text).toMatch(/"allOf":\[\{"anyOf":/)
    expect(text).not.toMatch(/"if":/)
  })

  it('validates calls with its conditional and composed rules', async () => {
    const accepted = await callTool(server.url, path, { contactMethod: 'phone', phone: '555' })
    expect(accepted.status).toBe(200)
    for (const input of [
      { contactMethod: 'phone', email: 'a@b.c' },
      { name: 'no contact at all' },
      { email: 'a@b.c', extra: true },
    ]) {
      const refused = await callTool(server.url, path, input)
      expect(refused.status, JSON.stringify(input)).toBe(422)
    }
  })
})
