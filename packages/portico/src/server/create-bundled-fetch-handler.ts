import { createToolRuntime, type ToolClassMap } from '../invoke/create-tool-runtime.js'
import type { PluginModel } from '../model/plugin-model.js'
import { type AssembledServer, assembleServer, type FetchHandler } from './assemble-server.js'
import type { McpAppOptions } from './create-app.js'

/** Options of {@link createBundledFetchHandler}. */
export interface BundledFetchHandlerOptions {
  /** Dev mode: error details in responses. Default false. */
  dev?: boolean
  /** The interface the host listens on, for the Host and Origin checks. Default `127.0.0.1`. */
  listenHost?: string
  /**
   * The folder whose `public/` is served, on a runtime that has files. Default `/bundle`: in
   * workerd's virtual file system, the Worker's own modules, where no `public/` exists. A
   * relative path is resolved against `process.cwd()`.
   */
  rootDir?: string
  /** What only code can set of the MCP endpoints (an event store, the input rounds' key). */
  mcp?: McpAppOptions
}

/**
 * The plugin server as one Fetch-API handler, from values instead of a folder: the model that
 * `portico build` wrote (`.portico/model.json`) and the classes its compiled tool modules
 * export, both imported by a bundle. For a runtime that cannot load a plugin from files at run
 * time, such as Cloudflare's workerd; `portico build --target worker` writes such a bundle.
 * Serves mode `anon` only: an authenticated plugin is refused here, with a `TypeError`.
 *
 * Call it at module scope. workerd lets code generate code only while a Worker starts, so every
 * input validator and output shaper is compiled now; it allows random values and timers only in
 * a handler, so the app (whose MCP key is random) is made on the first request.
 *
 * @example
 * import { createBundledFetchHandler } from 'portico/server'
 * import model from './.portico/model.json' with { type: 'json' }
 * import { Notes } from './.portico/tools/notes.mjs'
 * const fetch = createBundledFetchHandler(model, new Map([['Notes', Notes]]))
 * export default { fetch }
 */
export function createBundledFetchHandler(
  model: PluginModel,
  classes: ToolClassMap,
  options: BundledFetchHandlerOptions = {},
): FetchHandler {
  if (model.config.auth !== 'anon') {
    throw new TypeError(
      `createBundledFetchHandler serves mode anon only, and this plugin is in mode ${model.config.auth}: serve it with portico start or createFetchHandler`,
    )
  }
  const runtime = createToolRuntime(model, classes, { compileValidators: 'eager' })
  let server: AssembledServer | undefined
  return (request) => {
    server ??= assembleServer(runtime, {
      rootDir: options.rootDir ?? '/bundle',
      dev: options.dev ?? false,
      ...(options.listenHost ? { listenHost: options.listenHost } : {}),
      ...(options.mcp ? { mcp: options.mcp } : {}),
    })
    return server.fetch(request)
  }
}
