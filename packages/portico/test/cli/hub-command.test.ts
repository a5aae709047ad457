import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { fixtureDir } from '../support/serve-plugin.js'

/**
 * `portico hub` on its own, and `portico dev` in mode portico-hub without OAUTH_ISSUER, which
 * starts the hub itself on http://localhost:4400 when none answers there, and says so.
 */

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-hub-cli-'))
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('portico hub', () => {
  /** Hubs a test expects to exit by themselves: stopped after it, should one keep running. */
  const running: CliProcess[] = []
  afterEach(async () => {
    await Promise.all(running.splice(0).map((hub) => hub.stop()))
  })

  it('serves discovery and the shared localhost client document, keeps its data, stops on SIGTERM', async () => {
    const port = await freePort()
    const data = join(dataDir, 'alone')
    const hub = runCli(['hub', '--port', String(port), '--data', data])
    try {
      await hub.waitForOutput(/Portico hub at http:\/\/localhost:\d+/)
      expect(hub.output()).toContain(data)
      const issuer = `http://localhost:${port}`
      const discovery = await fetch(`${issuer}/.well-known/openid-configuration`)
      expect(discovery.status).toBe(200)
      expect(await discovery.json()).toMatchObject({
        issuer,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
      })
      const shared = await fetch(`${issuer}/clients/localhost/4321.json`)
      expect(await shared.json()).toMatchObject({
        client_id: `${issuer}/clients/localhost/4321.json`,
        redirect_uris: expect.arrayContaining(['http://localhost:4321/oauth/callback']),
      })
      expect((await stat(data)).isDirectory()).toBe(true)
    } finally {
      expect(await hub.stop()).toBe(0)
    }
  })

  it('rotates the keys of its data folder with --rotate-keys, keeping the old one published', async () => {
    const data = join(dataDir, 'rotate')
    const port = String(await freePort())
    const jwks = async () =>
      (
        (await (await fetch(`http://localhost:${port}/jwks`)).json()) as { keys: { kid: string }[] }
      ).keys.map((key) => key.kid)
    const first = runCli(['hub', '--port', port, '--data', data])
    await first.waitForOutput(/Portico hub at/)
    const [before] = await jwks()
    expect(await first.stop()).toBe(0)

    const rotate = runCli(['hub', '--rotate-keys', '--data', data])
    expect(await rotate.exited()).toBe(0)
    const [, kid] = rotate.output().match(/: (\S+) signs from now on/) ?? []
    expect(rotate.output()).toContain(`${before} stays published`)

    const second = runCli(['hub', '--port', port, '--data', data])
    try {
      await second.waitForOutput(/Portico hub at/)
      expect(await jwks()).toEqual([kid, before])
    } finally {
      await second.stop()
    }
  })

  it.each([
    [['--client', 'no-redirect'], /--client "no-redirect" must be <client id>=<redirect URI>/],
    [['--redis', 'redis://127.0.0.1:1'], /redis:\/\/127\.0\.0\.1:1/],
  ])('refuses %j with a clear message', async (args, message) => {
    const hub = runCli(['hub', '--port', String(await freePort()), ...args])
    expect(await hub.exited()).toBe(1)
    expect(hub.output()).toMatch(message)
  })

  it('refuses --host beyond loopback without --issuer, saying what to pass', async () => {
    const port = String(await freePort())
    const hub = runCli([
      'hub',
      '--host',
      '0.0.0.0',
      '--port',
      port,
      '--data',
      join(dataDir, 'wide'),
    ])
    running.push(hub)
    expect(await hub.exited()).toBe(1)
    expect(hub.output()).toContain(
      `--host 0.0.0.0 listens beyond loopback, where the default issuer http://localhost:${port} names no reachable hub: pass --issuer <the URL clients reach the hub at>, e.g. --issuer http://<this machine's name>:${port}`,
    )
  })

  it('warns that it has no passwords when it listens beyond loopback', async () => {
    const port = String(await freePort())
    const hub = runCli([
      'hub',
      '--host',
      '0.0.0.0',
      '--port',
      port,
      '--issuer',
      `http://localhost:${port}`,
      '--data',
      join(dataDir, 'wide-issuer'),
    ])
    try {
      await hub.waitForOutput(/Portico hub at/)
      expect(hub.output()).toContain(
        `listening on http://0.0.0.0:${port}, beyond this machine, and the hub has no passwords: anyone who can reach it can sign in as any user`,
      )
    } finally {
      expect(await hub.stop()).toBe(0)
    }
  })

  it('says when the port is taken', async () => {
    const port = await freePort()
    const first = runCli(['hub', '--port', String(port), '--data', join(dataDir, 'first')])
    try {
      await first.waitForOutput(/Portico hub at/)
      const second = runCli(['hub', '--port', String(port), '--data', join(dataDir, 'second')])
      expect(await second.exited()).toBe(1)
      expect(second.output()).toMatch(new RegExp(`port ${port} is in use`))
    } finally {
      await first.stop()
    }
  })
})

describe('portico dev in mode portico-hub without OAUTH_ISSUER', () => {
  it('starts the hub on localhost:4400 when none answers, and logs in through it', async () => {
    const occupied = await fetch('http://localhost:4400/').then(
      () => true,
      () => false,
    )
    const plugin = await copyPlugin(fixtureDir('auth-hub-plugin'))
    const port = await freePort()
    const dev = runCli(['dev', plugin.dir, '--port', String(port)], {
      OAUTH_ISSUER: '',
      PORTICO_HUB_DATA: join(dataDir, 'dev'),
    })
    try {
      await dev.waitForOutput(
        occupied
          ? /Using the Portico hub at http:\/\/localhost:4400/
          : /Started the Portico hub at http:\/\/localhost:4400/,
      )
      const base = `http://127.0.0.1:${port}`
      const login = await pollUntil(async () => {
        const response = await fetch(`${base}/oauth/login`, { redirect: 'manual' })
        return response.status === 302 ? response : undefined
      })
      const location = new URL(login.headers.get('location') ?? '')
      expect(location.origin).toBe('http://localhost:4400')
      expect(location.searchParams.get('client_id')).toBe(
        `http://localhost:4400/clients/localhost/${port}.json`,
      )
      expect(location.searchParams.get('portico_deploy')).toBe('acme/notes')
      // The hub knows that client: its authorization endpoint sends the browser to sign in.
      const authorize = await fetch(location, { redirect: 'manual' })
      expect(authorize.status).toBe(303)
      expect(authorize.headers.get('location')).toMatch(/\/interaction\//)
    } finally {
      expect(await dev.stop()).toBe(0)
      await plugin.remove()
    }
    if (!occupied) {
      // The hub stopped with the dev server that started it.
      await expect(fetch('http://localhost:4400/')).rejects.toThrow()
    }
  })
})
