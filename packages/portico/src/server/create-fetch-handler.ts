import { authSettingsFromEnv } from '../auth/auth-settings-from-env.js'
import { resolveCookieSecret } from '../auth/login/resolve-cookie-secret.js'
import { loadBuiltPlugin } from '../plugin/load-built-plugin.js'
import { connectSharedStores } from '../stores/connect-shared-stores.js'
import { type AssembledServer, assembleServer, type FetchHandler } from './assemble-server.js'
import type { LoginOptions } from './create-app.js'

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
  /** `portico start`: its node:http server ends slow requests (see `AppOptions.hostTimesRequests`). */
  hostTimesRequests?: boolean
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
): Promise<AssembledServer> {
  const plugin = await loadBuiltPlugin(rootDir)
  const { model } = plugin.runtime
  const listenHost = options.listenHost ?? '127.0.0.1'
  // The verifier (and jose) load only for a plugin that authenticates.
  const gate =
    model.config.auth === 'anon'
      ? undefined
      : (await import('./create-gate.js')).createGate(model, authSettingsFromEnv(process.env), {
          listenHost,
        })
  const cookieSecret =
    gate === undefined
      ? undefined
      : (options.login?.cookieSecret ??
        resolveCookieSecret(process.env, { dev: !options.requireCookieSecret }))
  // The shared stores live as long as the server: closing it ends their connections too.
  const lifetime = new AbortController()
  const stores = await connectSharedStores(process.env, model, lifetime.signal)
  const server = assembleServer(plugin.runtime, {
    rootDir: plugin.rootDir,
    dev: options.dev ?? false,
    listenHost,
    ...(gate ? { gate } : {}),
    ...(cookieSecret === undefined ? {} : { login: { cookieSecret } }),
    mcp: { ...stateSecretFrom(process.env), ...stores },
    signal: lifetime.signal,
    ...(options.hostTimesRequests ? { hostTimesRequests: true } : {}),
  })
  return { ...server, close: () => lifetime.abort() }
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
