import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import {
  callTool,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

async function okJson(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  return (await response.json()) as Record<string, unknown>
}

describe('the example tools over REST', () => {
  it('creates a note with defaults applied and dates as ISO strings', async () => {
    const note = await okJson(
      await callTool(server.url, '/api/Notes/create', {
        title: 'Call the plumber',
        tags: ['#Home', 'home', 'urgent'],
        reminder: { at: '2026-12-01T08:30:00Z', channel: 'push' },
      }),
    )
    expect(note).toMatchObject({
      id: 'n4',
      title: 'Call the plumber',
      body: '',
      tags: ['home', 'urgent'],
      priority: 'normal',
      status: 'active',
      reminder: { at: '2026-12-01T08:30:00.000Z', channel: 'push' },
    })
    expect(Date.parse(String(note.createdAt))).not.toBeNaN()
  })

  it('gets a note by id', async () => {
    const note = await okJson(await callTool(server.url, '/api/Notes/get', { id: 'n2' }))
    expect(note).toMatchObject({ id: 'n2', title: 'Release checklist', tags: ['work'] })
  })

  it('lists notes a page at a time with a cursor', async () => {
    const first = await okJson(await callTool(server.url, '/api/Notes/list', { limit: 2 }))
    expect(first.total).toBe(4)
    expect((first.items as unknown[]).length).toBe(2)
    expect(first.nextCursor).toBe('2')
    const second = await okJson(
      await callTool(server.url, '/api/Notes/list', { limit: 2, cursor: first.nextCursor }),
    )
    expect((second.items as unknown[]).length).toBe(2)
    expect(second.nextCursor).toBeNull()
  })

  it('filters the list by status and tag', async () => {
    const drafts = await okJson(await callTool(server.url, '/api/Notes/list', { status: 'draft' }))
    expect((drafts.items as { id: string }[]).map((note) => note.id)).toEqual(['n3'])
    const home = await okJson(await callTool(server.url, '/api/Notes/list', { tag: 'home' }))
    expect(home.total).toBe(3)
  })

  it('updates a note and clears its reminder with null', async () => {
    const note = await okJson(
      await callTool(server.url, '/api/Notes/update', {
        id: 'n4',
        patch: { priority: 'high', status: 'archived', reminder: null },
      }),
    )
    expect(note).toMatchObject({ id: 'n4', priority: 'high', status: 'archived', reminder: null })
  })

  it('searches titles before bodies', async () => {
    const result = await okJson(
      await callTool(server.url, '/api/Notes/search', { query: 'release publish' }),
    )
    expect(result.matches).toEqual([expect.objectContaining({ score: 3 })])
    expect((result.matches as { note: { id: string } }[])[0]?.note.id).toBe('n2')
  })

  it('counts and renames tags across notes', async () => {
    const before = await okJson(await callTool(server.url, '/api/Tags/list', {}))
    expect(before.counts).toEqual({ home: 3, shopping: 1, work: 1, travel: 1, urgent: 1 })
    const renamed = await okJson(
      await callTool(server.url, '/api/Tags/rename', { from: 'home', to: 'house' }),
    )
    expect(renamed).toEqual({ renamed: 3 })
    const after = await okJson(await callTool(server.url, '/api/Tags/list', {}))
    expect(after.counts).toMatchObject({ house: 3 })
    expect(after.counts).not.toHaveProperty('home')
  })

  it('calls a tool without input with a bare POST', async () => {
    const response = await fetch(`${server.url}/api/Tags/list`, { method: 'POST' })
    expect(response.status).toBe(200)
  })

  it('deletes a note, then reports it gone', async () => {
    expect(await okJson(await callTool(server.url, '/api/Notes/remove', { id: 'n1' }))).toEqual({
      deleted: true,
    })
    expect(await okJson(await callTool(server.url, '/api/Notes/remove', { id: 'n1' }))).toEqual({
      deleted: false,
    })
  })

  it('answers 404 problem+json when a tool throws not_found', async () => {
    const response = await callTool(server.url, '/api/Notes/get', { id: 'n999' })
    await expectProblem(response, 'not_found')
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect(await response.json()).toEqual({
      type: 'urn:portico:problem:not_found',
      title: 'Not found',
      status: 404,
      detail: 'No note with id n999',
    })
  })

  it('answers 500 without the message or a stack when a tool throws', async () => {
    const response = await callTool(server.url, '/api/Sharing/publish', {
      id: 'n2',
      audience: 'team',
    })
    await expectProblem(response, 'execution')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const body = await response.json()
    expect(body).toEqual({
      type: 'urn:portico:problem:execution',
      title: 'Tool execution failed',
      status: 500,
      detail: 'The tool failed. The server log has the details.',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })
})

describe('validation of REST input', () => {
  it.each([
    ['a missing required property', {}, [{ path: '/title', message: 'is required' }]],
    [
      'a too short string',
      { title: '' },
      [{ path: '/title', message: 'must NOT have fewer than 1 characters' }],
    ],
    [
      'a value outside the enum',
      { title: 'x', priority: 'urgent' },
      [{ path: '/priority', message: 'must be one of "low", "normal", "high"' }],
    ],
    [
      'an unknown property',
      { title: 'x', colour: 'red' },
      [{ path: '/colour', message: 'is not an allowed property' }],
    ],
    [
      'a bad nested date-time',
      { title: 'x', reminder: { at: 'tomorrow', channel: 'push' } },
      [{ path: '/reminder/at', message: 'must match format "date-time"' }],
    ],
    ['a body that is not an object', [1, 2], [{ path: '/', message: 'must be an object' }]],
  ])('answers 422 naming the failing path for %s', async (_name, input, errors) => {
    const response = await callTool(server.url, '/api/Notes/create', input)
    await expectProblem(response, 'validation')
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toEqual({
      type: 'urn:portico:problem:validation',
      title: 'Validation failed',
      status: 422,
      detail: 'The input of Notes_create is invalid',
      errors,
    })
  })

  it('checks JSDoc constraints: integer, minimum, pattern', async () => {
    const tooMany = await callTool(server.url, '/api/Notes/list', { limit: 1000 })
    expect(((await tooMany.json()) as { errors: unknown }).errors).toEqual([
      { path: '/limit', message: 'must be <= 100' },
    ])
    const fraction = await callTool(server.url, '/api/Notes/list', { limit: 2.5 })
    expect(((await fraction.json()) as { errors: unknown }).errors).toEqual([
      { path: '/limit', message: 'must be an integer' },
    ])
    const badTag = await callTool(server.url, '/api/Tags/rename', { from: 'a', to: 'Not OK' })
    expect(((await badTag.json()) as { errors: unknown }).errors).toEqual([
      { path: '/to', message: 'must match pattern "^[a-z0-9-]+$"' },
    ])
  })
})
