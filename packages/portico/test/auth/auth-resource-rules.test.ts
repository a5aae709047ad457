import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  Client,
  extractResourceMetadataUrl,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  selectResourceURL,
} from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PORTICO_HUB_SCOPE } from '../../src/auth/auth-settings.js'
import { authSettingsFromEnv } from '../../src/auth/auth-settings-from-env.js'
import { resolveAuthSettings } from '../../src/auth/resolve-auth-settings.js'
import { loadConfig } from '../../src/config/load-config.js'
import { copyPlugin } from '../support/cli-process.js'
import {
  fixtureDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

/**
 * What the metadata advertises must be what a token for it passes (RFC 9728 §3.3, RFC 8707):
 * for each combination of OAUTH_AUDIENCE and OAUTH_RESOURCE, the resource read from the
 * metadata the 401 points at is accepted as `aud` on the path it describes, as a client that
 * sends it as the resource indicator to an AS that honours it would need.
 */

const PUBLIC_RESOURCE = 'https://notes.example.com/mcp'

interface Combination {
  name: string
  dir: () => string
  env: () => Record<string, string>
  /** The origin the advertised resources are on: the served one unless OAUTH_RESOURCE says. */
  origin: (served: string) => string
  scope: string
}

let issuer: TestIssuer
let custom: Awaited<ReturnType<typeof copyPlugin>>
let hub: Awaited<ReturnType<typeof copyPlugin>>

const combinations: Combination[] = [
  {
    name: 'audience set, resource unset',
    dir: () => custom.dir,
    env: () => ({ OAUTH_AUDIENCE: 'https://api.example.com' }),
    origin: (served) => served,
    scope: 'notes.read',
  },
  {
    name: 'audience set, resource set',
    dir: () => custom.dir,
    env: () => ({ OAUTH_AUDIENCE: 'urn:notes', OAUTH_RESOURCE: PUBLIC_RESOURCE }),
    origin: () => new URL(PUBLIC_RESOURCE).origin,
    scope: 'notes.read',
  },
  {
    name: 'audience unset, resource set',
    dir: () => custom.dir,
    env: () => ({ OAUTH_RESOURCE: PUBLIC_RESOURCE }),
    origin: () => new URL(PUBLIC_RESOURCE).origin,
    scope: 'notes.read',
  },
  {
    // Mode custom refuses neither (a config error); portico-hub is the fixed audience with no
    // resource, as a hub that honours resource indicators would see it.
    name: 'portico-hub: fixed audience, resource unset',
    dir: () => hub.dir,
    env: () => ({}),
    origin: (served) => served,
    scope: PORTICO_HUB_SCOPE,
  },
]

/** Adds a named server `tags` (the `Me` class) to a copied fixture's config. */
async function withNamedServer(dir: string): Promise<void> {
  const file = join(dir, 'portico.config.ts')
  const text = await readFile(file, 'utf8')
  await writeFile(
    file,
    text.replace(
      /^export default \{/m,
      "export default {\n  mcp: { servers: { tags: { classes: ['Me'] } } },",
    ),
  )
}

beforeAll(async () => {
  issuer = await startTestIssuer()
  custom = await copyPlugin(fixtureDir('auth-custom-plugin'))
  hub = await copyPlugin(fixtureDir('auth-hub-plugin'))
  await Promise.all([withNamedServer(custom.dir), withNamedServer(hub.dir)])
})
afterAll(async () => {
  await Promise.all([issuer?.close(), custom?.remove(), hub?.remove()])
})

async function serve(combination: Combination): Promise<ServedPlugin> {
  const { config } = await loadConfig(combination.dir())
  const env = {
    OAUTH_ISSUER: issuer.issuer,
    ...(combination.scope === PORTICO_HUB_SCOPE ? {} : { OAUTH_SCOPE: combination.scope }),
    ...combination.env(),
  }
  const auth = resolveAuthSettings(config, authSettingsFromEnv(env), () => {})
  if (!auth) throw new Error('expected an authenticated mode')
  return servePlugin(combination.dir(), { auth })
}

/** Asks a protected path without a token and reads the metadata its challenge points at. */
async function advertisedResource(url: string, path: string): Promise<string> {
  const response =
    path === '/'
      ? await fetch(`${url}/api/Me/whoami`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      : await postToolsList(`${url}${path}`)
  expect(response.status).toBe(401)
  const metadataUrl = extractResourceMetadataUrl(response)
  if (metadataUrl === undefined) throw new Error('no resource_metadata in the challenge')
  const metadata = (await (await fetch(metadataUrl)).json()) as { resource: string }
  return metadata.resource
}

async function callRest(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/Me/whoami`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  })
  return response.status
}

async function callMcp(endpoint: string, token: string): Promise<string> {
  const client = new Client({ name: 'resource-rules', version: '1' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  )
  try {
    const result = await client.callTool({ name: 'Me_whoami', arguments: {} })
    return (result.structuredContent as { uid: string }).uid
  } finally {
    await client.close()
  }
}

async function mcpStatus(endpoint: string, token: string): Promise<number> {
  return (await postToolsList(endpoint, { authorization: `Bearer ${token}` })).status
}

describe.each(combinations)('$name', (combination) => {
  let served: ServedPlugin
  beforeAll(async () => {
    served = await serve(combination)
  })
  afterAll(() => served?.close())

  it.each(['/mcp', '/mcp/tags'])(
    'advertises its own resource for %s, which the SDK accepts and a token for passes',
    async (path) => {
      const resource = await advertisedResource(served.url, path)
      const origin = combination.origin(served.url)
      // RFC 9728 §3.3: the resource the metadata URL was derived from, exactly.
      expect(resource).toBe(`${origin}${path}`)
      // The SDK's own check, for a client that connects on that origin.
      const selected = await selectResourceURL(`${origin}${path}`, {} as OAuthClientProvider, {
        resource,
      })
      expect(selected?.href).toBe(resource)
      const token = await issuer.mint({ scope: combination.scope }, { audience: resource })
      expect(await callMcp(`${served.url}${path}`, token)).toBe('test-user')
    },
  )

  it('advertises the origin for the REST API, and a token for it passes', async () => {
    const resource = await advertisedResource(served.url, '/')
    expect(resource).toBe(combination.origin(served.url))
    const token = await issuer.mint({ scope: combination.scope }, { audience: resource })
    expect(await callRest(served.url, token)).toBe(200)
  })

  it('passes a token for the /mcp resource on REST too: one plugin, one server', async () => {
    const resource = await advertisedResource(served.url, '/mcp')
    const token = await issuer.mint({ scope: combination.scope }, { audience: resource })
    expect(await callRest(served.url, token)).toBe(200)
  })

  it('refuses a token for another audience everywhere', async () => {
    for (const audience of [
      'https://other.example.com/mcp',
      `${combination.origin(served.url)}/mcp/other`,
    ]) {
      const token = await issuer.mint({ scope: combination.scope }, { audience })
      expect(await callRest(served.url, token), audience).toBe(401)
      expect(await mcpStatus(`${served.url}/mcp`, token), audience).toBe(401)
      expect(await mcpStatus(`${served.url}/mcp/tags`, token), audience).toBe(401)
    }
  })

  it('refuses a token for a named server on the others', async () => {
    const resource = await advertisedResource(served.url, '/mcp/tags')
    const token = await issuer.mint({ scope: combination.scope }, { audience: resource })
    expect(await mcpStatus(`${served.url}/mcp`, token)).toBe(401)
    expect(await callRest(served.url, token)).toBe(401)
  })
})
