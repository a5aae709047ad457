import { loadBuiltPlugin } from '../plugin/load-built-plugin.js'
import { createApp } from './create-app.js'

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Dev mode: error details in responses. Default false. */
  dev?: boolean
  /** The interface the host listens on, for the Host and Origin checks. Default `127.0.0.1`. */
  listenHost?: string
}

/** A Fetch-API request handler, as Bun, Deno, Workers and Node adapters take it. */
export type FetchHandler = (request: Request) => Response | Promise<Response>

/**
 * The whole plugin server as one Fetch-API handler, from a folder `portico build` wrote: what
 * `portico start` serves, for a host that runs it itself. In modes `custom` and `portico-hub`
 * the OAuth settings come from the `OAUTH_*` environment variables (use `getAuthApp` to pass
 * them in code).
 *
 * @example
 * import { createFetchHandler } from 'portico/server'
 * export default { fetch: await createFetchHandler('./my-plugin') }
 */
export async function createFetchHandler(
  rootDir: string,
  options: FetchHandlerOptions = {},
): Promise<FetchHandler> {
  const plugin = await loadBuiltPlugin(rootDir)
  const { model } = plugin.runtime
  // The verifier (and jose) load only for a plugin that authenticates.
  const gate =
    model.config.auth === 'anon'
      ? undefined
      : (await import('./create-gate.js')).createGateFromEnvironment(model)
  const app = createApp(plugin.runtime, {
    rootDir,
    dev: options.dev ?? false,
    ...(options.listenHost ? { listenHost: options.listenHost } : {}),
    ...(gate ? { gate } : {}),
  })
  return (request) => app.fetch(request)
}
