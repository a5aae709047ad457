import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { createTestPlugin } from 'portico/testing'

// The plugin in this folder, loaded from its sources and served on a free port as `npm run dev`
// serves it: `call` runs a tool as REST and MCP do, `rest` and `mcp()` go over HTTP.
const plugin = await createTestPlugin(new URL('..', import.meta.url))
after(() => plugin.close())

test('Greetings_hello greets by name', async () => {
  const result = await plugin.call('Greetings_hello', { name: 'Ada' })
  assert.deepEqual(result, { message: 'Hello, Ada!' })
})

test('Greetings_hello refuses an empty name, as REST does with a 422', async () => {
  await assert.rejects(plugin.call('Greetings_hello', { name: '' }), { kind: 'validation' })
  const response = await plugin.rest('/api/Greetings/hello', { name: '' })
  assert.equal(response.status, 422)
})
