import type { Hono } from 'hono'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import type { PluginModel } from '../model/plugin-model.js'
import type { AppOptions } from './create-app.js'
import { createNodeMcpEdge } from './create-node-mcp-edge.js'
import { createNodeRestEdge, type NodeEdge } from './create-node-rest-edge.js'
import { createServingParts } from './create-serving-parts.js'
import { listRoutes } from './list-routes.js'

/**
 * A Fetch-API request handler, as Bun, Deno, Workers and Node adapters take it; the adapter's
 * bindings, when it passes any (`@hono/node-server`'s tell the port a request came in on).
 */
export type FetchHandler = (request: Request, bindings?: unknown) => Response | Promise<Response>

/** A plugin ready to serve: its app, the `node:http` edge for REST and MCP, and its lifetime. */
export interface AssembledServer {
  model: PluginModel
  /** The app: every route, behind Hono and its middleware. */
  fetch: FetchHandler
  edge: NodeEdge
  /** Ends what the app keeps between requests (its stateful MCP sessions). */
  close(): void
  /** A graceful shutdown begins: `/readyz` answers 503 from now on. */
  drain(): void
}

/**
 * The one assembler of a served plugin, used by `portico dev`, `portico start`
 * (`createFetchHandler`), the bundled Worker handler and the testing helper: the host policy,
 * the link host and the REST call are made once and shared by the app's routes and the
 * `node:http` edges. `options.signal` and `options.draining`, when given, end and drain it too,
 * as `close()` and `drain()` do. The routes are made here; Hono, which only the app needs, is
 * loaded with the first request the app answers (see {@link lazyApp}).
 *
 * @example
 * const server = assembleServer(runtime, { rootDir, dev: false, listenHost: '0.0.0.0' })
 * await startNodeServer({ fetch: server.fetch, edge: server.edge, port: 4321, host: '0.0.0.0' })
 */
export function assembleServer(runtime: ToolRuntime, options: AppOptions): AssembledServer {
  const lifetime = new AbortController()
  const draining = new AbortController()
  const parts = createServingParts(runtime, options)
  const { routes, answerMcpPost } = listRoutes(
    runtime,
    {
      ...options,
      signal: follow(lifetime, options.signal),
      draining: follow(draining, options.draining),
    },
    parts,
  )
  return {
    model: runtime.model,
    fetch: lazyApp(() =>
      import('./mount-routes.js').then(({ mountRoutes }) =>
        mountRoutes(runtime.model, routes, options.dev, parts),
      ),
    ),
    edge: eitherEdge(
      createNodeRestEdge(runtime.model, parts),
      createNodeMcpEdge(runtime.model, parts, answerMcpPost),
    ),
    close: () => lifetime.abort(),
    drain: () => draining.abort(),
  }
}

/**
 * The app, mounted with the first request it answers: under `portico start` the REST and MCP
 * calls are answered on the `node:http` edges, and a server that answers only those never
 * loads Hono (26 modules, about 15 ms of a cold start and its code's memory). A request waits
 * for it only once; an import that fails is tried again by the next request.
 */
function lazyApp(mount: () => Promise<Hono>): FetchHandler {
  let app: Hono | undefined
  let mounting: Promise<Hono> | undefined
  return (request, bindings) => {
    if (app) return app.fetch(request, bindings)
    mounting ??= mount().then(
      (mounted) => {
        app = mounted
        return mounted
      },
      (error: unknown) => {
        mounting = undefined
        throw error
      },
    )
    return mounting.then((mounted) => mounted.fetch(request, bindings))
  }
}

/** The first of two edges that takes a request. */
function eitherEdge(first: NodeEdge, second: NodeEdge): NodeEdge {
  return (request, response, next) =>
    first(request, response, next) || second(request, response, next)
}

/** The signal of `own`, aborted also when `outer` is. */
function follow(own: AbortController, outer: AbortSignal | undefined): AbortSignal {
  return outer ? AbortSignal.any([own.signal, outer]) : own.signal
}
