import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { AuthSettings } from '../../src/auth/auth-settings.js'
import { authSettingsFromEnv as inputFromEnv } from '../../src/auth/auth-settings-from-env.js'
import { createAuthGate } from '../../src/auth/create-auth-gate.js'
import { createTokenVerifier } from '../../src/auth/create-token-verifier.js'
import { resolveAuthSettings } from '../../src/auth/resolve-auth-settings.js'
import { loadConfig } from '../../src/config/load-config.js'
import type { ToolRuntime } from '../../src/invoke/create-tool-runtime.js'
import { loadSourcePlugin } from '../../src/plugin/load-source-plugin.js'
import { assembleServer } from '../../src/server/assemble-server.js'
import type { McpAppOptions } from '../../src/server/create-app.js'
import { startNodeServer } from '../../src/server/start-node-server.js'

/** The repository's example plugin. */
export const notesExampleDir = resolve(import.meta.dirname, '../../../../examples/notes')

/** A fixture plugin of the test suites, by folder name. */
export function fixtureDir(name: string): string {
  return resolve(import.meta.dirname, '../fixtures', name)
}

/** A plugin served on an ephemeral loopback port for one suite. */
export interface ServedPlugin {
  url: string
  runtime: ToolRuntime
  /** How many requests reached the Fetch handler (the app): those no Node edge answered. */
  appRequests(): number
  close(): Promise<void>
}

/** Options of {@link servePlugin}. */
export interface ServePluginOptions {
  dev?: boolean
  /** `false` serves REST through the Fetch handler that other runtimes use. */
  nodeEdge?: boolean
  auth?: AuthSettings
  jwksCooldownMs?: number
  /**
   * The interface the host policy assumes (default `127.0.0.1`). The socket always binds
   * 127.0.0.1, so that a suite that plays `0.0.0.0` never listens on the network.
   */
  listenHost?: string
  /** The port on 127.0.0.1; default 0 (ephemeral). */
  port?: number
  /** The app's MCP options (an event store). */
  mcp?: McpAppOptions
}

/**
 * Loads a plugin from source into a private build folder and serves it on 127.0.0.1, port 0,
 * over real HTTP, as `portico dev` or `portico start` would (by `dev`).
 */
export async function servePlugin(
  rootDir: string,
  options: ServePluginOptions = {},
): Promise<ServedPlugin> {
  const outDir = join(rootDir, '.portico', `test-${randomUUID()}`)
  const { runtime } = await loadSourcePlugin(rootDir, { outDir })
  const { auth } = options
  const verifierOptions =
    options.jwksCooldownMs === undefined ? {} : { jwksCooldownMs: options.jwksCooldownMs }
  const gate = auth
    ? createAuthGate(auth, { verifier: createTokenVerifier(auth, verifierOptions) })
    : undefined
  // The assembler of `portico start` and `portico dev`; `close` ends the app's sessions.
  const served = assembleServer(runtime, {
    rootDir,
    dev: options.dev ?? false,
    listenHost: options.listenHost ?? '127.0.0.1',
    ...(gate ? { gate } : {}),
    ...(options.mcp ? { mcp: options.mcp } : {}),
  })
  // The Node edge serves REST as `portico start` does; without it, the Fetch handler that
  // other runtimes use answers instead.
  let appRequests = 0
  const server = await startNodeServer({
    fetch: (request, bindings) => {
      appRequests += 1
      return served.fetch(request, bindings)
    },
    ...(options.nodeEdge === false ? {} : { edge: served.edge }),
    port: options.port ?? 0,
    host: '127.0.0.1',
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    runtime,
    appRequests: () => appRequests,
    async close() {
      served.close()
      await server.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}

/** A plugin served twice, as `portico start` and as `portico dev` would, for what differs. */
export interface ServedInBothModes {
  readonly production: ServedPlugin
  readonly dev: ServedPlugin
}

/**
 * Serves a plugin in production and in dev mode for the calling test file: started before its
 * tests, stopped after them. `rootDir` may be made in that `beforeAll` (a temp plugin).
 */
export function useServedInBothModes(rootDir: string | (() => Promise<string>)): ServedInBothModes {
  let served: [ServedPlugin, ServedPlugin] | undefined
  beforeAll(async () => {
    const dir = typeof rootDir === 'string' ? rootDir : await rootDir()
    served = await Promise.all([servePlugin(dir), servePlugin(dir, { dev: true })])
  })
  afterAll(() => Promise.all(served?.map((plugin) => plugin.close()) ?? []))
  const started = () => {
    if (!served) throw new Error('The plugin is served from beforeAll on')
    return served
  }
  return {
    get production() {
      return started()[0]
    },
    get dev() {
      return started()[1]
    },
  }
}

/** POSTs JSON to a tool's REST route. */
export function callTool(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** The auth settings of a plugin folder's config with `env` as its OAUTH_* environment. */
export async function authSettingsFromEnv(
  rootDir: string,
  env: Record<string, string>,
): Promise<AuthSettings> {
  const { config } = await loadConfig(rootDir)
  const settings = resolveAuthSettings(config, inputFromEnv(env), () => {})
  if (!settings) throw new Error(`${rootDir} is in mode anon: expected an authenticated mode`)
  return settings
}

/** POSTs an MCP `tools/list` (2025 era, JSON or SSE accepted) to `endpoint`, with `headers`. */
export function postToolsList(
  endpoint: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  })
}
