import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { initializeBody, rawMcp } from '../support/raw-mcp.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The one list of `protocol-versions.ts` drives both paths: served with the 2024 revisions
 * struck from it, the hot path and the SDK's transport refuse them alike and name the list
 * that is left, and `initialize` answers the newest instead.
 */

const { TRIMMED } = vi.hoisted(() => ({ TRIMMED: ['2025-11-25', '2025-06-18', '2025-03-26'] }))

vi.mock('../../src/surfaces/mcp/wire/protocol-versions.js', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../src/surfaces/mcp/wire/protocol-versions.js')>()
  return {
    ...original,
    LEGACY_PROTOCOL_VERSIONS: TRIMMED,
    isLegacyVersion: (version: string) => TRIMMED.includes(version),
  }
})

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server?.close())

describe('a revision struck from the list', () => {
  it('is not what initialize answers: the newest listed is', async () => {
    const response = await rawMcp(server.url).post(initializeBody('2024-11-05'))
    expect(await response.json()).toMatchObject({ result: { protocolVersion: '2025-11-25' } })
  })

  it.each([
    ['tools/list', 'the hot path'],
    ['ping', 'the SDK'],
  ])('is refused in the version header of %s (%s), naming the list', async (method) => {
    const answer = await rawMcp(server.url, { version: '2024-11-05' }).request(method)
    expect(answer.status).toBe(400)
    expect(answer.error).toEqual({
      code: -32000,
      message: `Bad Request: Unsupported protocol version: 2024-11-05 (supported versions: ${TRIMMED.join(', ')})`,
    })
  })
})
