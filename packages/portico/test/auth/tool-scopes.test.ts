import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { rawMcp } from '../support/raw-mcp.js'
import { callTool, fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

/**
 * Per-tool scopes (`@scope`), from the JSDoc to the 403: a token with only the plugin's scope
 * calls the read tool and is refused the write tool with the insufficient-scope challenge, on
 * REST and on both MCP eras; a wider token (as `scope` or as an `scp` array) calls both.
 */

const dir = fixtureDir('scoped-plugin')

let issuer: TestIssuer
let served: ServedPlugin
let readOnly: string
let wide: string
let wideScp: string
let entraScp: string

beforeAll(async () => {
  issuer = await startTestIssuer()
  served = await servePlugin(dir, { auth: testAuthSettings(issuer) })
  readOnly = await issuer.mint({ scope: 'notes' })
  wide = await issuer.mint({ scope: 'notes notes:write notes:admin' })
  wideScp = await issuer.mint({ scp: ['notes', 'notes:write'] })
  // Entra ID v2.0 sends scp as a space-separated string (Okta, as an array: wideScp).
  entraScp = await issuer.mint({ scp: 'notes notes:write' })
})
afterAll(async () => {
  await Promise.all([served?.close(), issuer?.close()])
})

/** The challenge of a 403 for want of `scope` on the resource whose metadata is at `metadata`. */
function insufficientScope(metadata: string, scope: string, description: string): RegExp {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `^Bearer resource_metadata="${escaped(metadata)}", scope="${escaped(scope)}", error="insufficient_scope", error_description="${escaped(description)}", DPoP `,
  )
}

describe('REST', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  it('answers 200 on a read tool to a token with only the plugin scope, telling the tool its scopes', async () => {
    const answer = await callTool(served.url, '/api/Notes/list', {}, bearer(readOnly))
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ scopes: ['notes'] })
  })

  it('refuses a write tool with 403, the missing scope named and the insufficient_scope challenge', async () => {
    const answer = await callTool(served.url, '/api/Notes/add', { text: 'x' }, bearer(readOnly))
    expect(answer.status).toBe(403)
    const detail = 'Notes_add needs the scope notes:write, which the token lacks'
    expect(answer.headers.get('www-authenticate')).toMatch(
      insufficientScope(
        `${served.url}/.well-known/oauth-protected-resource`,
        'notes notes:write',
        detail,
      ),
    )
    expect(await answer.json()).toEqual({
      type: 'urn:portico:problem:forbidden',
      title: 'Forbidden',
      status: 403,
      detail,
    })
  })

  it("adds a method's own scope to its class's", async () => {
    const answer = await callTool(served.url, '/api/Admin/purge', {}, bearer(readOnly))
    expect(answer.status).toBe(403)
    expect(answer.headers.get('www-authenticate')).toContain(
      'scope="notes notes:admin notes:write", error="insufficient_scope"',
    )
    const scpOnly = await callTool(served.url, '/api/Admin/purge', {}, bearer(wideScp))
    expect(scpOnly.status).toBe(403)
    expect((await scpOnly.json()).detail).toBe(
      'Admin_purge needs the scope notes:admin, which the token lacks',
    )
    const granted = await callTool(served.url, '/api/Admin/purge', {}, bearer(wide))
    expect(granted.status).toBe(200)
  })

  it('answers 200 on the write tool to a wider token, as scope, an scp array or an scp string', async () => {
    for (const token of [wide, wideScp, entraScp]) {
      const answer = await callTool(served.url, '/api/Notes/add', { text: 'x' }, bearer(token))
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ added: 'x' })
    }
  })
  it('tells a tool the scopes of each claim form', async () => {
    for (const [token, scopes] of [
      [wide, ['notes', 'notes:write', 'notes:admin']],
      [wideScp, ['notes', 'notes:write']],
      [entraScp, ['notes', 'notes:write']],
    ] as const) {
      const answer = await callTool(served.url, '/api/Notes/list', {}, bearer(token))
      expect(await answer.json()).toEqual({ scopes })
    }
  })
})

describe.each(protocolEras)('MCP with the official client, $name', ({ mode }) => {
  /** The client's fetch, keeping the last answer's status and challenge. */
  function recordingFetch(token: string) {
    const seen: { status?: number; challenge?: string | null } = {}
    const fetchWith: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${token}`)
      const answer = await fetch(input, { ...init, headers })
      seen.status = answer.status
      seen.challenge = answer.headers.get('www-authenticate')
      return answer
    }
    return { seen, fetchWith }
  }

  it('calls the read tool and gets HTTP 403 with the challenge on the write tool', async () => {
    const { seen, fetchWith } = recordingFetch(readOnly)
    const client = await connectMcpClient(`${served.url}/mcp`, mode, fetchWith)
    try {
      const listed = await client.callTool({ name: 'Notes_list', arguments: {} })
      expect(listed.isError).not.toBe(true)
      await expect(
        client.callTool({ name: 'Notes_add', arguments: { text: 'x' } }),
      ).rejects.toThrow()
      expect(seen.status).toBe(403)
      expect(seen.challenge).toMatch(
        insufficientScope(
          `${served.url}/.well-known/oauth-protected-resource/mcp`,
          'notes notes:write',
          'Notes_add needs the scope notes:write, which the token lacks',
        ),
      )
    } finally {
      await client.close()
    }
  })

  it('calls the write tool with a wider token', async () => {
    const { fetchWith } = recordingFetch(wideScp)
    const client = await connectMcpClient(`${served.url}/mcp`, mode, fetchWith)
    try {
      const added = await client.callTool({ name: 'Notes_add', arguments: { text: 'x' } })
      expect(added.isError).not.toBe(true)
      expect(added.structuredContent).toEqual({ added: 'x' })
    } finally {
      await client.close()
    }
  })

  it("lists every tool, marking the write tool's scopes in _meta", async () => {
    const { fetchWith } = recordingFetch(readOnly)
    const client = await connectMcpClient(`${served.url}/mcp`, mode, fetchWith)
    try {
      const { tools } = await client.listTools()
      const byName = new Map(tools.map((tool) => [tool.name, tool]))
      expect([...byName.keys()].sort()).toEqual(['Admin_purge', 'Notes_add', 'Notes_list'])
      expect(byName.get('Notes_add')?._meta?.['portico/scopes']).toEqual(['notes:write'])
      expect(byName.get('Admin_purge')?._meta?.['portico/scopes']).toEqual([
        'notes:admin',
        'notes:write',
      ])
      expect(byName.get('Notes_list')?._meta?.['portico/scopes']).toBeUndefined()
    } finally {
      await client.close()
    }
  })
})

describe('MCP 2026-07-28 on the raw wire', () => {
  it('answers HTTP 403 with the challenge and an OAuth error body', async () => {
    const mcp = rawMcp(served.url, {
      era: '2026',
      headers: { authorization: `Bearer ${readOnly}` },
    })
    const answer = await mcp.request('tools/call', { name: 'Notes_add', arguments: { text: 'x' } })
    expect(answer.status).toBe(403)
    expect(answer.headers.get('www-authenticate')).toMatch(
      insufficientScope(
        `${served.url}/.well-known/oauth-protected-resource/mcp`,
        'notes notes:write',
        'Notes_add needs the scope notes:write, which the token lacks',
      ),
    )
    expect(answer.error).toBe('insufficient_scope')
    const read = await mcp.request('tools/call', { name: 'Notes_list', arguments: {} })
    expect(read.status).toBe(200)
    expect(read.result?.isError).not.toBe(true)
  })
})

describe('what is advertised', () => {
  it('lists the plugin scope and every tool scope in the resource metadata', async () => {
    for (const path of ['', '/mcp']) {
      const answer = await fetch(`${served.url}/.well-known/oauth-protected-resource${path}`)
      const metadata = (await answer.json()) as { scopes_supported: string[] }
      expect(metadata.scopes_supported).toEqual([
        'notes',
        'profile',
        'email',
        'notes:admin',
        'notes:write',
      ])
    }
  })

  it("gives each operation of /open-api.json its tool's scopes, all among the metadata's", async () => {
    const document = (await (await fetch(`${served.url}/open-api.json`)).json()) as {
      paths: Record<string, { post: { security: Record<string, string[]>[] } }>
    }
    expect(document.paths['/api/Notes/list']?.post.security).toEqual([{ bearer: [] }])
    expect(document.paths['/api/Notes/add']?.post.security).toEqual([{ bearer: ['notes:write'] }])
    expect(document.paths['/api/Admin/purge']?.post.security).toEqual([
      { bearer: ['notes:admin', 'notes:write'] },
    ])
  })
})
