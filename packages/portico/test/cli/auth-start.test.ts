import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { copyPlugin, freePort, runCli } from '../support/cli-process.js'
import { fixtureDir } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

/**
 * `portico start` of an authenticated plugin: what it says about its issuer and its URLs, and
 * the `PORTICO_COOKIE_SECRET` it needs (the secret that signs the docs-site login cookie: a
 * random one would fail the logins under way at every restart and on every other replica). A
 * plugin in mode anon needs none.
 */

const SECRET = 'auth-start-test-secret-0123456789abcdef'
let hub: Awaited<ReturnType<typeof copyPlugin>>
let custom: Awaited<ReturnType<typeof copyPlugin>>
let anon: Awaited<ReturnType<typeof copyPlugin>>
let issuer: TestIssuer

beforeAll(async () => {
  issuer = await startTestIssuer()
  hub = await copyPlugin(fixtureDir('auth-hub-plugin'))
  custom = await copyPlugin(fixtureDir('auth-custom-plugin'))
  anon = await copyPlugin(fixtureDir('probe-plugin'))
  await Promise.all([buildPlugin(hub.dir), buildPlugin(custom.dir), buildPlugin(anon.dir)])
})
afterAll(async () => {
  await Promise.all([hub?.remove(), custom?.remove(), anon?.remove(), issuer?.close()])
})

/**
 * The environment of a start, without any OAUTH_* of the process running the tests, with the
 * login cookie's secret the authenticated modes require.
 */
async function startEnv(extra: Record<string, string>): Promise<Record<string, string>> {
  const cleared = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name.startsWith('OAUTH_'))
      .map((name) => [name, '']),
  )
  return {
    ...cleared,
    PORT: String(await freePort()),
    PORTICO_LOG_FORMAT: 'pretty',
    PORTICO_COOKIE_SECRET: SECRET,
    ...extra,
  }
}

describe('portico start in mode portico-hub', () => {
  it('refuses to start beyond loopback without OAUTH_ISSUER, in one line', async () => {
    const line = await refusal(hub.dir, await startEnv({ HOST: '0.0.0.0' }))
    expect(line).toMatch(/OAUTH_ISSUER is required in mode portico-hub/)
    expect(line).toContain('http://localhost:4400')
  })

  it('starts on loopback without OAUTH_ISSUER, warning that no hub answers', async () => {
    const server = runCli(['start', hub.dir], await startEnv({ HOST: '127.0.0.1' }))
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
      await server.waitForOutput(/No Portico hub answers at http:\/\/localhost:4400 .*OAUTH_ISSUER/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('names an issuer that does not answer, and what to check', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`
    const env = await startEnv({ HOST: '0.0.0.0', OAUTH_ISSUER: dead })
    const server = runCli(['start', hub.dir], env)
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
      const [line] = await server.waitForOutput(/The OAuth issuer [^\n]* does not answer[^\n]*/)
      expect(line).toContain(dead)
      expect(line).toContain('OAUTH_ISSUER')
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('says nothing of an issuer that answers', async () => {
    const env = await startEnv({ HOST: '127.0.0.1', OAUTH_ISSUER: issuer.issuer })
    const discoveries = issuer.discoveryRequests
    const server = runCli(['start', hub.dir], env)
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
      await new Promise((resolve) => setTimeout(resolve, 500))
      // The issuer was checked at start, and found answering.
      expect(issuer.discoveryRequests).toBeGreaterThan(discoveries)
      expect(server.output()).not.toMatch(/does not answer|No Portico hub/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})

describe('the URLs printed at start', () => {
  it('are on the origin of OAUTH_RESOURCE, which clients must use', async () => {
    const env = await startEnv({ HOST: '127.0.0.1', OAUTH_ISSUER: issuer.issuer })
    const resource = `http://127.0.0.1:${env.PORT}/mcp`
    const server = runCli(['start', custom.dir], { ...env, OAUTH_RESOURCE: resource })
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
      expect(server.output()).toMatch(new RegExp(`MCP\\s+${resource.replace(/\./g, '\\.')}\\n`))
      expect(server.output()).not.toMatch(/MCP\s+http:\/\/localhost/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})

/** A start against the test issuer on loopback, with no cookie secret unless `extra` sets one. */
function cookieCase(extra: Record<string, string>): Record<string, string> {
  return { OAUTH_ISSUER: issuer.issuer, HOST: '127.0.0.1', PORTICO_COOKIE_SECRET: '', ...extra }
}

/** Runs `portico start` that must fail, and returns the one line it printed. */
async function refusal(dir: string, env: Record<string, string>): Promise<string> {
  const server = runCli(['start', dir], env)
  try {
    // A server that starts instead fails the test at once, with what it printed.
    const started = server.waitForOutput(/Ready in \d+ ms/).then(
      () => 'started',
      () => 'timed out',
    )
    expect(await Promise.race([server.exited(), started]), server.output()).toBe(1)
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
    expect(lines).toHaveLength(1)
    return lines[0] ?? ''
  } finally {
    await server.stop()
  }
}

describe('portico start in an authenticated mode', () => {
  it('refuses to start without PORTICO_COOKIE_SECRET, naming it', async () => {
    const line = await refusal(hub.dir, await startEnv(cookieCase({})))
    expect(line).toContain(
      'PORTICO_COOKIE_SECRET is required in modes portico-hub and custom: it signs the docs-site login cookie',
    )
  })

  it('refuses a secret under 32 characters', async () => {
    const line = await refusal(
      hub.dir,
      await startEnv(cookieCase({ PORTICO_COOKIE_SECRET: 'x'.repeat(31) })),
    )
    expect(line).toContain('PORTICO_COOKIE_SECRET must be at least 32 characters long (got 31)')
  })

  it('starts with a secret, and serves the login', async () => {
    const env = await startEnv(cookieCase({ PORTICO_COOKIE_SECRET: SECRET }))
    const server = runCli(['start', hub.dir], env)
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
      const metadata = await fetch(
        `http://127.0.0.1:${env.PORT}/.well-known/oauth/client-metadata.json`,
      )
      expect(metadata.status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})

describe('portico start in mode anon', () => {
  it('starts without PORTICO_COOKIE_SECRET', async () => {
    const server = runCli(['start', anon.dir], await startEnv(cookieCase({})))
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})
