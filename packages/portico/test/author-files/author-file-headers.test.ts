import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSettingsFromEnv, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'
import { startTestIssuer, TEST_AUDIENCE, type TestIssuer } from '../support/test-issuer.js'
import { evilPluginFiles } from './author-file-plugin.js'

/**
 * The headers of every kind of author file over real HTTP, in each auth mode: skill files and
 * icons are inert; widget pages run sandboxed; public files run sandboxed where the origin
 * holds tokens (modes `portico-hub` and `custom`) and as written in mode `anon`.
 */

/** No script, no same-origin access: a document to look at. */
const INERT =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; media-src 'self' data:"
/** Scripts run, in an opaque origin: never with the origin's storage or cookies. */
const SANDBOX =
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads'

const { plugin } = useTempPlugins('author-file-headers')
let issuer: TestIssuer
const served: Partial<Record<'anon' | 'custom' | 'portico-hub', ServedPlugin>> = {}

beforeAll(async () => {
  issuer = await startTestIssuer()
  for (const mode of ['anon', 'custom', 'portico-hub'] as const) {
    const dir = await plugin(evilPluginFiles(mode, 'http://127.0.0.1:9'))
    const auth =
      mode === 'anon'
        ? undefined
        : await authSettingsFromEnv(dir, {
            OAUTH_ISSUER: issuer.issuer,
            OAUTH_AUDIENCE: TEST_AUDIENCE,
            OAUTH_SCOPE: 'notes',
          })
    served[mode] = await servePlugin(dir, auth ? { auth } : {})
  }
})
afterAll(async () => {
  await Promise.all([...Object.values(served).map((server) => server.close()), issuer?.close()])
})

function urlOf(mode: keyof typeof served): string {
  const server = served[mode]
  if (!server) throw new Error(`No ${mode} server`)
  return server.url
}

/** The policy and `nosniff` of a GET, after checking it is a 200 of `type`. */
async function headersOf(url: string, type: string) {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  expect(response.headers.get('content-type'), url).toBe(type)
  await response.arrayBuffer()
  return {
    csp: response.headers.get('content-security-policy'),
    nosniff: response.headers.get('x-content-type-options'),
  }
}

const HTML = 'text/html; charset=utf-8'
const SVG = 'image/svg+xml; charset=utf-8'
/** Icons carry the type the model read from the file, without a charset. */
const ICON = 'image/svg+xml'
const JS = 'text/javascript; charset=utf-8'

describe.each(['anon', 'custom', 'portico-hub'] as const)('in mode %s', (mode) => {
  it.each([
    ['/skills/evil/page.html', HTML],
    ['/skills/evil/pic.svg', SVG],
    ['/icons/0', ICON],
  ])('serves %s inert: sandboxed without scripts, nosniff', async (path, type) => {
    expect(await headersOf(`${urlOf(mode)}${path}`, type)).toEqual({
      csp: INERT,
      nosniff: 'nosniff',
    })
  })

  it('serves a widget page sandboxed with scripts but never the origin', async () => {
    const { csp, nosniff } = await headersOf(`${urlOf(mode)}/widgets/Echo_say`, HTML)
    expect(nosniff).toBe('nosniff')
    expect(csp?.split('; ')[0]).toBe(SANDBOX)
    expect(csp).not.toContain('allow-same-origin')
  })

  const publicPolicy = mode === 'anon' ? null : SANDBOX
  it.each([
    ['/evil.html', HTML],
    ['/evil.svg', SVG],
    ['/evil.js', JS],
    ['/widget-assets/evil.html', HTML],
    ['/widget-assets/evil.svg', SVG],
    ['/widget-assets/evil.js', JS],
  ])(
    `serves public %s with ${mode === 'anon' ? 'no policy' : 'the script sandbox'}, nosniff`,
    async (path, type) => {
      expect(await headersOf(`${urlOf(mode)}${path}`, type)).toEqual({
        csp: publicPolicy,
        nosniff: 'nosniff',
      })
    },
  )

  it('keeps the policy on a 304 of a public file', async () => {
    const first = await fetch(`${urlOf(mode)}/evil.html`)
    await first.arrayBuffer()
    const again = await fetch(`${urlOf(mode)}/evil.html`, {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('content-security-policy')).toBe(publicPolicy)
  })
})
