import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client'
import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignInAs, signInThroughHub } from '../../../hub/test/support/sign-in.js'
import { protocolEras } from '../support/mcp-client.js'
import { MemoryOAuthProvider } from '../support/memory-oauth-provider.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * Step-up authorization end to end (MCP authorization spec 2025-11-25, "Scope Challenge
 * Handling"), with the official MCP SDK v2 client and a real Portico hub: the client logs in
 * with the plugin's scopes only, calls the read tool, is answered HTTP 403 `insufficient_scope`
 * on the write tool, re-authorizes by itself with the challenge's scope (the hub's consent page
 * grants it), and the same call then succeeds. In both protocol eras.
 */

/** Never requested: the sign-in driver stops at the redirect to it, as a native app would. */
const REDIRECT_URL = 'http://127.0.0.1:8976/callback'

let hub: Hub
let served: ServedPlugin

beforeAll(async () => {
  hub = await startHub({ port: 0, store: createMemoryStore() })
  const dir = fixtureDir('scoped-hub-plugin')
  served = await servePlugin(dir, {
    auth: await authSettingsFromEnv(dir, { OAUTH_ISSUER: hub.issuer }),
  })
})
afterAll(async () => {
  await served?.close()
  await hub?.close()
})

/** The scopes of an access token, sorted. */
function scopesOf(token: string | undefined): string[] {
  return String(decodeJwt(token ?? '').scope ?? '')
    .split(' ')
    .sort()
}

/**
 * The first login, as the SDK does it on the 401: discovery, registration, authorization with
 * the challenge's scope (the plugin's, no tool scope), the hub's page, the code exchange. Its
 * transport is spent (started) by the failed connect, so the tests go on with a new one.
 */
async function logIn(provider: MemoryOAuthProvider, user: string): Promise<URL> {
  const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
    authProvider: provider,
  })
  const client = new Client({ name: 'first-login', version: '1' })
  await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError)
  await client.close()
  return finishSignIn(provider, transport, { user })
}

/** Signs in at the URL the client was sent to and hands the code to `transport`. */
async function finishSignIn(
  provider: MemoryOAuthProvider,
  transport: StreamableHTTPClientTransport,
  who: SignInAs,
): Promise<URL> {
  const authorization = provider.authorizationUrl
  if (authorization === undefined) throw new Error('The client was sent nowhere')
  provider.authorizationUrl = undefined
  const callback = await signInThroughHub(authorization, who)
  const code = callback.searchParams.get('code')
  if (code === null) throw new Error(`No code in ${callback.href}`)
  await transport.finishAuth(code, hub.issuer)
  return authorization
}

describe.each(protocolEras)('step-up with the official MCP client, $name', ({ mode }) => {
  it('gets a 403 with the challenge, re-authorizes with its scope and calls again', async () => {
    const provider = new MemoryOAuthProvider({ redirectUrl: REDIRECT_URL })
    const answers: { status: number; challenge: string | null }[] = []
    const recording: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init)
      if (String(input) === `${served.url}/mcp`) {
        answers.push({ status: answer.status, challenge: answer.headers.get('www-authenticate') })
      }
      return answer
    }
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
      authProvider: provider,
      fetch: recording,
    })
    const client = new Client({ name: 'step-up', version: '1' }, { versionNegotiation: { mode } })
    try {
      const first = await logIn(provider, 'alice')
      expect(first.searchParams.get('scope')?.split(' ')).not.toContain('notes:write')
      expect(scopesOf(provider.savedTokens?.access_token)).toEqual([
        'email',
        'portico-hub-test',
        'profile',
      ])
      await client.connect(transport)
      const listed = await client.callTool({ name: 'Notes_list', arguments: {} })
      expect(listed.structuredContent).toEqual({
        scopes: ['portico-hub-test', 'profile', 'email'],
      })

      // The write tool: HTTP 403 with the insufficient_scope challenge; the SDK steps up by
      // itself and, being interactive, is sent to authorize with the challenge's scope.
      const narrowToken = provider.savedTokens?.access_token
      await expect(
        client.callTool({ name: 'Notes_add', arguments: { text: 'hello' } }),
      ).rejects.toBeInstanceOf(UnauthorizedError)
      const refused = answers.at(-1)
      expect(refused?.status).toBe(403)
      expect(refused?.challenge).toContain(
        `Bearer resource_metadata="${served.url}/.well-known/oauth-protected-resource/mcp", scope="portico-hub-test notes:write", error="insufficient_scope"`,
      )
      expect(provider.authorizationUrl?.searchParams.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['portico-hub-test', 'notes:write']),
      )
      expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${served.url}/mcp`)

      // The user grants notes:write on the hub's consent page; the same call now succeeds.
      await finishSignIn(provider, transport, { user: 'alice' })
      expect(provider.savedTokens?.access_token).not.toBe(narrowToken)
      expect(scopesOf(provider.savedTokens?.access_token)).toContain('notes:write')
      const added = await client.callTool({ name: 'Notes_add', arguments: { text: 'hello' } })
      expect(added.isError).not.toBe(true)
      expect(added.structuredContent).toEqual({ added: 'hello', by: 'alice' })
      expect(answers.at(-1)?.status).toBe(200)
    } finally {
      await client.close()
    }
  })
})

describe('a step-up the user refuses', () => {
  it('leaves the token narrow, and the call refused with the same challenge', async () => {
    const provider = new MemoryOAuthProvider({ redirectUrl: REDIRECT_URL })
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
      authProvider: provider,
    })
    const client = new Client({ name: 'step-up-refused', version: '1' })
    try {
      await logIn(provider, 'bob')
      await client.connect(transport)
      await expect(
        client.callTool({ name: 'Notes_add', arguments: { text: 'x' } }),
      ).rejects.toBeInstanceOf(UnauthorizedError)
      // bob unticks notes:write: the hub issues the token without it.
      await finishSignIn(provider, transport, { user: 'bob', grant: [] })
      expect(scopesOf(provider.savedTokens?.access_token)).not.toContain('notes:write')
      // The call is refused again (403), and the SDK sends the user to authorize once more.
      await expect(
        client.callTool({ name: 'Notes_add', arguments: { text: 'x' } }),
      ).rejects.toBeInstanceOf(UnauthorizedError)
      expect(provider.authorizationUrl?.searchParams.get('scope')?.split(' ')).toContain(
        'notes:write',
      )
    } finally {
      await client.close()
    }
  })
})
