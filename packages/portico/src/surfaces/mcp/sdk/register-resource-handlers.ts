import {
  type CacheHint,
  type LoggingLevel,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  ResourceNotFoundError,
  ResourceTemplate,
  type ResourceTemplateType,
  type ServerContext,
  UriTemplate,
  type Variables,
} from '@modelcontextprotocol/server'
import type { PorticoCaller } from '../../../core/plugin-context.js'
import { isPorticoError } from '../../../core/portico-error.js'
import { fetchRequestId } from '../../../core/request-id.js'
import { memoizeByOrigin } from '../../../http/memoize-by-origin.js'
import { GENERIC_EXECUTION_DETAIL } from '../../../http/problem-response.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import type { ResourceScope } from '../../../model/resources/resource-index.js'
import {
  WIDGET_MIME_TYPE,
  type WidgetContents,
  widgetContents,
} from '../../../model/widgets/widget-contents.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import { completeValues } from '../catalog/complete-values.js'
import { listCacheHint } from '../catalog/list-cache-hint.js'
import { MAX_SUBSCRIBED, type McpSubscriptions } from '../subscriptions/create-subscriptions.js'
import { sessionSubscriptions } from '../subscriptions/session-subscriptions.js'
import { createListAnswer, type ListAnswer } from './create-list-answer.js'
import { callerFromAuthInfo } from './to-auth-info.js'

/** What one server's resource handlers need of the request it serves. */
export interface ResourceHandlerScope {
  runtime: ToolRuntime
  dev: boolean
  /** The public origin the server was reached on: widget pages name their assets on it. */
  origin: string
  /** The caller, unless each request brings its own (`ctx.http.authInfo`, in a session). */
  caller?: PorticoCaller
  /** Where a session's `resources/subscribe` registers; absent, a subscription delivers nothing. */
  subscriptions?: McpSubscriptions
}

/**
 * Serves the resources and completions of one server on `mcp`, before the skills extension
 * attaches. Reads go through the SDK's `resources/read`, which tries registered resources, then
 * registered templates in order, and answers an unknown URI with its not-found error (adapted
 * per era): widgets are registered resources; the files of `resources/`, then the resource
 * templates, are two registered templates whose matcher is the runtime's own lookup; the skills
 * extension registers its template next. `resources/list` and `resources/templates/list`
 * answer the catalog's lists, in Portico's order; `completion/complete` the candidates the
 * catalog holds.
 */
export function registerResourceHandlers(
  mcp: McpServer,
  catalog: McpServerCatalog,
  scope: ResourceHandlerScope,
): void {
  const prepared = prepare(catalog, scope)
  const server = mcp.server
  if (catalog.capabilities.resources) {
    for (const { uri, name, title, contentsOn } of prepared.widgets) {
      mcp.registerResource(name, uri, { title, mimeType: WIDGET_MIME_TYPE }, () => ({
        contents: [contentsOn(scope.origin)],
      }))
    }
    // Registering also sets the SDK's resource handlers, which the lists below replace; a
    // server that offers only skills needs that as much, so both are always registered.
    for (const reads of prepared.pluginReads) {
      const metadata = reads.cacheHint ? { cacheHint: reads.cacheHint } : {}
      mcp.registerResource(reads.name, reads.template, metadata, (uri, _variables, ctx) =>
        readPluginResource(uri, ctx, reads.scope, scope),
      )
    }
    server.setRequestHandler('resources/list', prepared.listResources)
    server.setRequestHandler('resources/templates/list', prepared.listResourceTemplates)
    // A session's subscriptions live as long as its server: each `ctx.resourceUpdated(uri)`, on
    // any replica, reaches it as `notifications/resources/updated`, on its GET stream. Without a
    // session (stateless 2025) there is no stream to send on: a subscription is taken and
    // delivers nothing, as the 2026-07-28 `subscriptions/listen` does instead.
    const session = scope.subscriptions
      ? sessionSubscriptions(scope.subscriptions, (uri) => server.sendResourceUpdated({ uri }))
      : undefined
    if (session) {
      const closed = server.onclose
      server.onclose = () => {
        session.close()
        closed?.()
      }
    }
    const subscription =
      (subscribe: boolean) =>
      ({ params }: { params: { uri: string } }, ctx: ServerContext) => {
        const known =
          prepared.listedUris.has(params.uri) ||
          scope.runtime.findResource(params.uri, catalog.resourceScope) !== undefined
        if (!known) throw new ResourceNotFoundError(params.uri, `Resource ${params.uri} not found`)
        if (session && ctx.sessionId !== undefined) {
          if (!subscribe) session.remove(params.uri)
          else if (!session.add(params.uri)) {
            throw new ProtocolError(
              ProtocolErrorCode.InvalidParams,
              `A session may subscribe to ${MAX_SUBSCRIBED} resources at most`,
            )
          }
        }
        return {}
      }
    server.setRequestHandler('resources/subscribe', subscription(true))
    server.setRequestHandler('resources/unsubscribe', subscription(false))
  }
  if (catalog.capabilities.completions) {
    server.setRequestHandler('completion/complete', ({ params }) => {
      const { ref, argument } = params
      const candidates =
        ref.type === 'ref/prompt'
          ? catalog.completions.prompts.get(ref.name)
          : catalog.completions.templates.get(ref.uri)
      if (candidates === undefined) {
        const what =
          ref.type === 'ref/prompt' ? `Prompt ${ref.name}` : `Resource template ${ref.uri}`
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${what} not found`)
      }
      return { completion: completeValues(candidates.get(argument.name) ?? [], argument.value) }
    })
  }
}

/** One registered template of the SDK that reads the plugin's own resources. */
interface PluginReads {
  /** Its name among the SDK's templates (never listed: the lists are Portico's). */
  name: string
  template: ResourceTemplate
  /** What it reads: the server's files, or its templates. */
  scope: ResourceScope
  /** Its own hint, over the server's `resources/read` one. */
  cacheHint?: CacheHint
}

interface PreparedResources {
  widgets: {
    uri: string
    name: string
    title: string
    contentsOn: (origin: string) => WidgetContents
  }[]
  pluginReads: PluginReads[]
  listResources: ListAnswer<'resources', Resource>
  /** Every listed URI: widgets, skill files and plugin files. */
  listedUris: ReadonlySet<string>
  listResourceTemplates: ListAnswer<'resourceTemplates', ResourceTemplateType>
}

/** Built once per catalog (so once per model load), then looked up by every request. */
const preparedByCatalog = new WeakMap<McpServerCatalog, PreparedResources>()

function prepare(catalog: McpServerCatalog, scope: ResourceHandlerScope): PreparedResources {
  let prepared = preparedByCatalog.get(catalog)
  if (prepared) return prepared
  const { runtime } = scope
  const reads = (name: string, readScope: ResourceScope, cacheHint?: CacheHint): PluginReads => ({
    name,
    template: new ResourceTemplate(
      new PluginResourceMatcher((uri) => runtime.findResource(uri, readScope) !== undefined),
      { list: undefined },
    ),
    scope: readScope,
    ...(cacheHint ? { cacheHint } : {}),
  })
  const { files, templateIds } = catalog.resourceScope
  prepared = {
    // A widget's page names the request's origin: rendered once per origin, not per request.
    widgets: [...catalog.widgets.values()].map((widget) => ({
      uri: widget.uri,
      name: widget.toolId,
      title: `Widget of ${widget.toolId}`,
      contentsOn: memoizeByOrigin((origin) => widgetContents(widget, origin)),
    })),
    pluginReads: [
      // Files change only with the model, as the lists do: the server's hint fits.
      reads('portico/resources', { files, templateIds: new Set() }),
      // A template answers afresh on every read: nothing to keep.
      reads(
        'portico/resource-templates',
        { files: false, templateIds },
        { ttlMs: 0, cacheScope: listCacheHint(runtime.model, scope.dev).cacheScope },
      ),
    ],
    listResources: createListAnswer(catalog.pages.resources, 'resources/list', 'resources'),
    listedUris: new Set(catalog.resources.map((resource) => resource.uri)),
    listResourceTemplates: createListAnswer(
      catalog.pages.resourceTemplates,
      'resources/templates/list',
      'resourceTemplates',
    ),
  }
  preparedByCatalog.set(catalog, prepared)
  return prepared
}

/**
 * An SDK template matching what the runtime reads within a scope. The pattern it is built on
 * is never used: `match` is the whole of it.
 */
class PluginResourceMatcher extends UriTemplate {
  readonly #names: (uri: string) => boolean

  constructor(names: (uri: string) => boolean) {
    super('{+uri}')
    this.#names = names
  }

  override match(uri: string): Variables | null {
    return this.#names(uri) ? { uri } : null
  }
}

async function readPluginResource(
  uri: URL,
  ctx: ServerContext,
  readScope: ResourceScope,
  scope: ResourceHandlerScope,
): Promise<ReadResourceResult> {
  // A session's requests each bring their own token: the caller is the request's.
  const caller = callerFromAuthInfo(ctx.http?.authInfo) ?? scope.caller
  const request = ctx.http?.req
  const { trustProxy } = scope.runtime.model.config.server
  const channel: ToolChannel = {
    signal: () => ctx.mcpReq.signal,
    log: (level: LoggingLevel, data: unknown) => ctx.mcpReq.log(level, data),
    ...(request ? { requestId: () => fetchRequestId(request, trustProxy) } : {}),
  }
  try {
    return { contents: [await scope.runtime.readResource(uri.href, caller, channel, readScope)] }
  } catch (error) {
    throw toReadError(error, uri.href, scope.dev)
  }
}

/**
 * A failed read as MCP answers it: a template that says `not_found` is the resource not found;
 * invalid variables are invalid params, each path named; anything else is an internal error
 * whose message shows only where REST would show it too.
 */
function toReadError(error: unknown, uri: string, dev: boolean): ProtocolError {
  if (!isPorticoError(error)) {
    const message = dev && error instanceof Error ? error.message : GENERIC_EXECUTION_DETAIL
    return new ProtocolError(ProtocolErrorCode.InternalError, message)
  }
  if (error.kind === 'not_found') return new ResourceNotFoundError(uri, error.message)
  if (error.kind === 'validation' || error.kind === 'bad_request') {
    const details = error.details.map((detail) => `${detail.path}: ${detail.message}`)
    // No `data: { uri }`: with it alone, clients (and the 2025 edge) read "not found".
    return new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      [error.message, ...details].join('; '),
    )
  }
  const message = error.expose || dev ? error.message : GENERIC_EXECUTION_DETAIL
  return new ProtocolError(ProtocolErrorCode.InternalError, message)
}
