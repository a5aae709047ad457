import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, copyPlugin, freePort, runCli } from '../support/cli-process.js'
import { fixtureDir } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

/**
 * `portico start` of an authenticated plugin needs `PORTICO_COOKIE_SECRET`, the secret that
 * signs the docs-site login cookie: a random one would fail the logins under way at every
 * restart and on every other replica. A plugin in mode anon needs none.
 */

const exec = promisify(execFile)
const SECRET = 'cookie-secret-test-0123456789abcdef0123'
let hub: Awaited<ReturnType<typeof copyPlugin>>
let anon: Awaited<ReturnType<typeof copyPlugin>>
let issuer: TestIssuer

beforeAll(async () => {
  issuer = await startTestIssuer()
  hub = await copyPlugin(fixtureDir('auth-hub-plugin'))
  anon = await copyPlugin(fixtureDir('probe-plugin'))
  await Promise.all([
    exec(process.execPath, [cliPath, 'build', hub.dir]),
    exec(process.execPath, [cliPath, 'build', anon.dir]),
  ])
}, 60_000)
afterAll(async () => {
  await Promise.all([hub?.remove(), anon?.remove(), issuer?.close()])
})

/** A start's environment: no OAUTH_* or cookie secret of the process running the tests. */
async function startEnv(extra: Record<string, string>): Promise<Record<string, string>> {
  const cleared = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name.startsWith('OAUTH_'))
      .map((name) => [name, '']),
  )
  return {
    ...cleared,
    OAUTH_ISSUER: issuer.issuer,
    PORTICO_COOKIE_SECRET: '',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    PORTICO_LOG_FORMAT: 'pretty',
    ...extra,
  }
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
    const line = await refusal(hub.dir, await startEnv({}))
    expect(line).toContain(
      'PORTICO_COOKIE_SECRET is required in modes portico-hub and custom: it signs the docs-site login cookie',
    )
  })

  it('refuses a secret under 32 characters', async () => {
    const line = await refusal(hub.dir, await startEnv({ PORTICO_COOKIE_SECRET: 'x'.repeat(31) }))
    expect(line).toContain('PORTICO_COOKIE_SECRET must be at least 32 characters long (got 31)')
  })

  it('starts with a secret, and serves the login', async () => {
    const env = await startEnv({ PORTICO_COOKIE_SECRET: SECRET })
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
    const server = runCli(['start', anon.dir], await startEnv({}))
    try {
      await server.waitForOutput(/Ready in \d+ ms/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})
