import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/client'
import type { PorticoCaller } from '../core/plugin-context.js'
import type {
  PorticoLogLevel,
  PorticoRoot,
  PorticoSamplingRequest,
  PorticoSamplingResult,
} from '../core/tool-context.js'
import type { ToolChannel } from '../invoke/tool-channel.js'
import { loadSourcePlugin } from '../plugin/load-source-plugin.js'
import { assembleServer } from '../server/assemble-server.js'
import { startNodeServer } from '../server/start-node-server.js'
import {
  connectTestClient,
  type TestElicitAnswer,
  type TestMcpOptions,
} from './connect-test-client.js'
import { createTestGate } from './create-test-gate.js'

/**
 * Options of {@link createTestPlugin}.
 *
 * @example
 * import { createTestPlugin } from 'portico/testing'
 * const plugin = await createTestPlugin('.', { dev: true })
 */
export interface TestPluginOptions {
  /**
   * Serve in dev mode: error details and stacks in REST and MCP answers. Default false, so
   * answers are what `portico start` sends.
   */
  dev?: boolean
  /**
   * Who the methods see as the caller in modes `portico-hub` and `custom`: of every REST and
   * MCP request (no token is asked for or checked), and of `call` unless it names another.
   * Default: uid `test-user`, e-mail `test-user@example.com`, no orgs, token `test-token`.
   */
  caller?: PorticoCaller
}

/**
 * Options of {@link TestPlugin.call}: what the method's context does, scripted.
 *
 * @example
 * import type { TestCallOptions } from 'portico/testing'
 * const yes: TestCallOptions = { elicit: () => ({ action: 'accept', content: { confirm: true } }) }
 * await plugin.call('Notes_delete', { id: 'n1' }, yes)
 */
export interface TestCallOptions {
  /** The caller the method sees (modes `portico-hub` and `custom`); default the plugin's. */
  caller?: PorticoCaller
  /** Answers `ctx.elicit`; without it `ctx.elicit` fails as over REST (kind `bad_request`). */
  elicit?: TestElicitAnswer
  /** Answers `ctx.sample`; without it `ctx.sample` fails as over REST. */
  sample?: (
    request: PorticoSamplingRequest,
  ) => PorticoSamplingResult | Promise<PorticoSamplingResult>
  /** Answers `ctx.roots`; without it `ctx.roots` fails as over REST. */
  roots?: () => PorticoRoot[] | Promise<PorticoRoot[]>
  /** Receives `ctx.progress` (only increasing values of `done`, as an MCP client would). */
  progress?: (done: number, total: number | undefined, message: string | undefined) => void
  /** Receives `ctx.log`. */
  log?: (level: PorticoLogLevel, data: unknown) => void
  /** Aborting it aborts `ctx.signal`, as a client that cancels or goes away does. */
  signal?: AbortSignal
}

/**
 * A plugin loaded from its sources for tests: see {@link createTestPlugin}.
 *
 * @example
 * import type { TestPlugin } from 'portico/testing'
 * async function greet(plugin: TestPlugin) {
 *   return plugin.call<{ message: string }>('Greetings_hello', { name: 'Ada' })
 * }
 */
export interface TestPlugin {
  /** The real server's origin, `http://127.0.0.1:<port>`. */
  readonly url: string
  /**
   * Calls a tool by id (`<Class>_<method>`) on the invocation path every surface takes: the
   * input validated (defaults filled in), the method called with the config's time limit, the
   * result shaped to the declared output type. Rejects with the `PorticoError` REST and MCP
   * answer with: kind `validation` (422, with `details`), `not_found`, `timeout`,
   * `execution`, or the kind the tool threw.
   */
  call<Output = unknown>(
    toolId: string,
    input?: unknown,
    options?: TestCallOptions,
  ): Promise<Output>
  /** POSTs `body` as JSON (a string is sent as it is) to `path` of the real server. */
  rest(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  /**
   * The official MCP client (`@modelcontextprotocol/client`, loaded on the first call), connected
   * to the real server. Close it when done.
   */
  mcp(options?: TestMcpOptions): Promise<Client>
  /** Stops the server and removes the compiled tools. */
  close(): Promise<void>
}

const defaultCaller: PorticoCaller = {
  uid: 'test-user',
  email: 'test-user@example.com',
  orgs: [],
  avatar: { name: 'Test User', initials: 'TU', picture: '' },
  token: 'test-token',
  scopes: [],
}

/**
 * Loads a plugin folder from its TypeScript sources, as `portico dev` does, and serves it on
 * 127.0.0.1 at a free port, so that tests call its tools through the runtime (`call`), over
 * REST (`rest`) and over MCP (`mcp`). The compiled tools go to `.portico/testing-<uuid>` in the
 * folder; `close` removes them. A plugin that does not load rejects with its definition errors.
 *
 * @example
 * import assert from 'node:assert/strict'
 * import { after, test } from 'node:test'
 * import { createTestPlugin } from 'portico/testing'
 *
 * const plugin = await createTestPlugin(new URL('..', import.meta.url))
 * after(() => plugin.close())
 *
 * test('greets by name', async () => {
 *   assert.deepEqual(await plugin.call('Greetings_hello', { name: 'Ada' }), { message: 'Hello, Ada!' })
 *   await assert.rejects(plugin.call('Greetings_hello', { name: '' }), { kind: 'validation' })
 * })
 */
export async function createTestPlugin(
  rootDir: string | URL,
  options: TestPluginOptions = {},
): Promise<TestPlugin> {
  const dir = typeof rootDir === 'string' ? resolve(rootDir) : fileURLToPath(rootDir)
  const outDir = join(dir, '.portico', `testing-${randomUUID()}`)
  const { runtime } = await loadSourcePlugin(dir, { outDir }).catch(async (error: unknown) => {
    await rm(outDir, { recursive: true, force: true })
    throw error
  })
  const mode = runtime.model.config.auth
  const caller = mode === 'anon' ? undefined : (options.caller ?? defaultCaller)
  const gate = mode === 'anon' || !caller ? {} : { gate: createTestGate(mode, caller) }
  const dev = options.dev ?? false
  const served = assembleServer(runtime, { rootDir: dir, dev, listenHost: '127.0.0.1', ...gate })
  const server = await startNodeServer({
    fetch: served.fetch,
    edge: served.edge,
    port: 0,
    host: '127.0.0.1',
  })
  const url = `http://127.0.0.1:${server.port}`
  return {
    url,
    call<Output>(toolId: string, input: unknown = {}, callOptions: TestCallOptions = {}) {
      const channel = toChannel(callOptions)
      // The output type is the caller's claim, as with `response.json()`: the runtime shaped
      // the result to the tool's declared type, which the test author names here.
      return runtime.invokeTool(
        toolId,
        input,
        callOptions.caller ?? caller,
        channel,
      ) as Promise<Output>
    },
    rest: (path, body = {}, headers = {}) =>
      fetch(new URL(path, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    mcp: (mcpOptions = {}) =>
      connectTestClient(new URL(mcpOptions.path ?? '/mcp', url), mcpOptions),
    async close() {
      served.close()
      await server.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}

/** The channel of a `call`: what its options script, and nothing else. */
function toChannel(options: TestCallOptions): ToolChannel {
  const { elicit, sample, roots, progress, log, signal } = options
  return {
    ...(signal ? { signal: () => signal } : {}),
    ...(elicit ? { elicit: async (request) => elicit(request) } : {}),
    ...(sample ? { sample: async (request) => sample(request) } : {}),
    ...(roots ? { roots: async () => ({ roots: await roots() }) } : {}),
    ...(progress
      ? { progress: async (done, total, message) => progress(done, total, message) }
      : {}),
    ...(log ? { log: async (level, data) => log(level, data) } : {}),
  }
}
