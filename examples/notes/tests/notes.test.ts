import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { createTestPlugin } from 'portico/testing'
import type { Note } from '../lib/note-types.js'

// The plugin in this folder, loaded from its sources and served on a free port as `npm run dev`
// serves it: `call` runs a tool as REST and MCP do, `rest` and `mcp()` go over HTTP. The notes
// live in memory, seeded with three samples, and every test here shares them.
const plugin = await createTestPlugin(new URL('..', import.meta.url))
after(() => plugin.close())

test('Notes_create makes an active note that Notes_get then finds', async () => {
  const created = await plugin.call<Note>('Notes_create', {
    title: 'Call the plumber',
    tags: ['#Home', 'home'],
  })
  assert.equal(created.status, 'active')
  assert.equal(created.priority, 'normal')
  assert.deepEqual(created.tags, ['home'])
  assert.deepEqual(await plugin.call('Notes_get', { id: created.id }), created)
})

test('Notes_create refuses an empty title, as REST does with a 422', async () => {
  await assert.rejects(plugin.call('Notes_create', { title: '' }), { kind: 'validation' })
  const response = await plugin.rest('/api/Notes/create', { title: '' })
  assert.equal(response.status, 422)
})

test('Notes_get says not_found for an id no note has', async () => {
  await assert.rejects(plugin.call('Notes_get', { id: 'n999' }), { kind: 'not_found' })
})

test('Notes_search finds a note by a word of its body, over MCP', async () => {
  const client = await plugin.mcp()
  try {
    const result = await client.callTool({ name: 'Notes_search', arguments: { query: 'lemons' } })
    assert.equal(result.isError ?? false, false)
    const { matches } = result.structuredContent as { matches: { note: Note; score: number }[] }
    assert.deepEqual(
      matches.map((match) => [match.note.title, match.score]),
      [['Groceries', 1]],
    )
  } finally {
    await client.close()
  }
})
