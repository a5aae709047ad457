import { authSettingsFromEnv } from '../auth/auth-settings-from-env.js'
import { resolveCookieSecret } from '../auth/login/resolve-cookie-secret.js'
import type { PluginModel } from '../model/plugin-model.js'
import { loadBuiltPlugin } from '../plugin/load-built-plugin.js'
import { connectSharedStores } from '../stores/connect-shared-stores.js'
import { createApp, type LoginOptions } from './create-app.js'
import { createNodeRestEdge, type NodeEdge } from './create-node-rest-edge.js'

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Dev mode: error details in responses. Default false. */
  dev?: boolean
  /** The interface the host listens on, for the Host and Origin checks. Default `127.0.0.1`. */
  listenHost?: string
  /**
   * The docs-site login of modes `custom` and `portico-hub`. Its `cookieSecret` defaults to
   * `PORTICO_COOKIE_SECRET`, else a random secret per process: replicas need the same one.
   */
  login?: LoginOptions
}

/** Options of {@link prepareBuiltPlugin}. */
export interface PrepareOptions extends FetchHandlerOptions {
  /**
   * `portico start`: `PORTICO_COOKIE_SECRET` is required in the authenticated modes, since a
   * random secret breaks the logins under way at every restart and across replicas.
   */
  requireCookieSecret?: boolean
}

/**
 * A Fetch-API request handler, as Bun, Deno, Workers and Node adapters take it; the adapter's
 * bindings, when it passes any (`@hono/node-server`'s tell the port a request came in on).
 */
export type FetchHandler = (request: Request, bindings?: unknown) => Response | Promise<Response>

/** A built plugin ready to serve: its Fetch handler, and the `node:http` edge for REST. */
export interface BuiltPluginServer {
  model: PluginModel
  fetch: FetchHandler
  edge: NodeEdge
  /** Ends what the app keeps between requests (its stateful MCP sessions). */
  close(): void
  /** A graceful shutdown begins: `/readyz` answers 503 from now on. */
  drain(): void
}

/**
 * The whole plugin server as one Fetch-API handler, from a folder `portico build` wrote: what
 * `portico start` serves, for a host that runs it itself. In modes `custom` and `portico-hub`
 * the OAuth settings come from the `OAUTH_*` environment variables (use `getAuthApp` to pass
 * them in code), the login cookie's secret from `options.login` or `PORTICO_COOKIE_SECRET`.
 * With `PORTICO_REDIS_URL` set, stateful MCP sessions are shared through that Redis. A
 * relative `rootDir` is resolved against `process.cwd()`.
 *
 * @example
 * import { createFetchHandler } from 'portico/server'
 * export default { fetch: await createFetchHandler('./my-plugin') }
 */
export async function createFetchHandler(
  rootDir: string,
  options: FetchHandlerOptions = {},
): Promise<FetchHandler> {
  return (await prepareBuiltPlugin(rootDir, options)).fetch
}

/** Loads a built plugin and prepares both ways of serving it (`portico start` uses the two). */
export async function prepareBuiltPlugin(
  rootDir: string,
  options: PrepareOptions,
): Promise<BuiltPluginServer> {
  const plugin = await loadBuiltPlugin(rootDir)
  const { model } = plugin.runtime
  // The verifier (and jose) load only for a plugin that authenticates.
  const gate =
    model.config.auth === 'anon'
      ? undefined
      : (await import('./create-gate.js')).createGate(model, authSettingsFromEnv(process.env), {
          ...(options.listenHost ? { listenHost: options.listenHost } : {}),
        })
  const dev = options.dev ?? false
  const withGate = gate ? { gate } : {}
  const listenHost = options.listenHost ?? '127.0.0.1'
  const cookieSecret =
    gate === undefined
      ? undefined
      : (options.login?.cookieSecret ??
        resolveCookieSecret(process.env, { dev: !options.requireCookieSecret }))
  const login = cookieSecret === undefined ? {} : { login: { cookieSecret } }
  const lifetime = new AbortController()
  const draining = new AbortController()
  const shared = await connectSharedStores(process.env, model, lifetime.signal)
  const app = createApp(plugin.runtime, {
    rootDir: plugin.rootDir,
    dev,
    listenHost,
    ...withGate,
    ...login,
    mcp: { ...stateSecretFrom(process.env), ...shared },
    signal: lifetime.signal,
    draining: draining.signal,
  })
  return {
    model,
    fetch: (request, bindings) => app.fetch(request, bindings),
    edge: createNodeRestEdge(plugin.runtime, { dev, listenHost, ...withGate }),
    close: () => lifetime.abort(),
    drain: () => draining.abort(),
  }
}

/** The signing key of 2026-07-28 input rounds from `PORTICO_STATE_SECRET`, when set. */
function stateSecretFrom(env: Record<string, string | undefined>): { stateSecret?: string } {
  const secret = env.PORTICO_STATE_SECRET?.trim() ?? ''
  if (secret === '') return {}
  if (secret.length < 32) {
    throw new Error('PORTICO_STATE_SECRET must be 32 characters or more (openssl rand -base64 32)')
  }
  return { stateSecret: secret }
}
