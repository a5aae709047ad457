import type { AuthGate, GateOutcome } from '../../auth/create-auth-gate.js'
import { refusalHeaders } from '../../auth/refusal-headers.js'
import { assertScopes, InsufficientScopeError } from '../../core/insufficient-scope-error.js'
import type { PorticoCaller } from '../../core/plugin-context.js'
import { traceHooks } from '../../core/trace-hooks.js'
import { respond, withCors } from '../../http/cors.js'
import type { HostPolicy } from '../../http/host-policy.js'
import { jsonResponse } from '../../http/json-response.js'
import { pathnameOf, searchOf } from '../../http/pathname-of.js'
import { notFoundResponse } from '../../http/problem-response.js'
import type { Route } from '../../http/route.js'
import { createResultWriter } from '../../invoke/create-result-writer.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { createMemoryNotificationBus } from '../../stores/create-memory-notification-bus.js'
import type { TaskRunner } from '../../stores/create-task-runner.js'
import type { McpEventStore } from '../../stores/mcp-event-store.js'
import type { McpNotificationBus } from '../../stores/mcp-notification-bus.js'
import type { McpSessionStore } from '../../stores/mcp-session-store.js'
import { createCallRegistry } from './calls/create-call-registry.js'
import { createDeclaredCapabilities } from './calls/create-declared-capabilities.js'
import { createInputRounds } from './calls/create-input-rounds.js'
import { createServerRequestRelay } from './calls/create-server-request-relay.js'
import { toCallToolResultJson, toToolErrorResult } from './calls/to-call-tool-result.js'
import { buildMcpCatalogs, type McpServerCatalog } from './catalog/build-mcp-catalogs.js'
import { lazyPerServer } from './catalog/lazy-per-server.js'
import { createHotAnswer, type HotAnswer } from './hot/create-hot-answer.js'
import type { SdkLeg, SdkLegOptions } from './sdk/create-sdk-leg.js'
import { createMcpSessions } from './sessions/create-mcp-sessions.js'
import { createListenLeg } from './subscriptions/create-listen-leg.js'
import { createSubscriptions } from './subscriptions/create-subscriptions.js'
import { createMcpTasks } from './tasks/create-mcp-tasks.js'
import { createTasksLeg } from './tasks/create-tasks-leg.js'
import { createHostOriginCheck } from './wire/create-host-origin-check.js'
import { jsonRpcErrorResponse } from './wire/json-rpc-error-response.js'
import type { McpExchange, McpLeg } from './wire/mcp-leg.js'
import { negotiateAnswerMedia } from './wire/negotiate-answer-media.js'
import { META_SERVER_INFO } from './wire/protocol-versions.js'
import { readJsonRpcBody } from './wire/read-json-rpc-body.js'

/** Options of {@link mcpRoutes}. */
export interface McpRoutesOptions {
  dev: boolean
  hostPolicy: HostPolicy
  /** The public origin of a request, naming only a checked host: the challenges point there. */
  originOf(request: Request): string
  /** Checks bearer tokens in the authenticated modes; absent in mode anon. */
  gate?: AuthGate
  /** Signs 2026-07-28 `requestState` (see `InputRoundsOptions.secret`). */
  stateSecret?: string
  /** Where stateful sessions keep their streams' events; default: in memory, per process. */
  eventStore?: McpEventStore
  /** Where replicas share their stateful sessions; default: none, a session stays in its process. */
  sessionStore?: McpSessionStore
  /** Runs the tasks over their store, shared with REST (see `createTaskRunner`). */
  taskRunner: TaskRunner
  /**
   * Where changes of resources and tasks are heard, from every replica (see
   * `McpNotificationBus`); default: in memory, this process's changes only.
   */
  notificationBus?: McpNotificationBus
  /** Closes the stateful sessions when aborted: the app is closing. */
  signal?: AbortSignal
  /** How long a body may take to arrive (see `readBodyBytes`); absent where the host bounds it. */
  bodyDeadlineMs?: number
}

/** The JSON mirrors of one server's list results, rendered once. */
interface McpMirrors {
  tools: string
  prompts: string
  resources: string
  resourceTemplates: string
}

/** Whether a request may go on, with the caller's context in the authenticated modes. */
type Admission = { ok: true; context?: PorticoCaller } | Extract<GateOutcome, { ok: false }>

/** What a 405 of an MCP endpoint allows: POST, and the preflights the CORS middleware answers. */
const ALLOW_POST = { allow: 'POST, OPTIONS' }

/**
 * The MCP endpoints, `/mcp` and `/mcp/<server>`, and the JSON mirrors of their lists
 * (`/mcp/tools.json`, `/mcp/prompts.json`, `/mcp/resources.json`,
 * `/mcp/resource-templates.json`, `/mcp/<server>/tools.json`).
 * Per request: Host and Origin are checked, then the token; anything but POST is 405 and an
 * `Accept` that takes neither JSON nor SSE is 406, in either era; the body is read and parsed
 * once, within the limit; then its legs (`McpLeg`) are tried in order: the stateful sessions,
 * when on; the hot path, which answers `tools/call` and `tools/list`; the SDK leg of that server,
 * which answers anything else, in either era. The SDK is imported lazily (it takes longer to
 * load than the rest of Portico): in the background from the first MCP request on, or by the
 * first request that needs it. Any replica can answer any request, unless `mcp.sessions` is
 * `stateful`: then the 2025 revisions' requests, GET and DELETE go to their session (see
 * `createMcpSessions`) before anything else.
 */
export function mcpRoutes(runtime: ToolRuntime, options: McpRoutesOptions): Route[] {
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const catalogs = buildMcpCatalogs(runtime.model)
  // One for all servers: a retry or an answer may reach any of them.
  const rounds = createInputRounds(
    options.stateSecret === undefined ? {} : { secret: options.stateSecret },
  )
  const relay = createServerRequestRelay(runtime.model.config.limits.toolTimeoutMs)
  const calls = createCallRegistry()
  const declared = createDeclaredCapabilities()
  const { limits } = runtime.model.config
  const writeResult = createResultWriter(limits.resultBytes)
  const tasks = createMcpTasks(runtime, rounds, {
    runner: options.taskRunner,
    immediateMs: limits.mcpTaskImmediateMs,
    timeoutMs: limits.mcpTaskTimeoutMs,
    toResult(name, outcome) {
      const form = [...catalogs.values()].find((catalog) => catalog.callable.has(name))
      if ('complete' in outcome) {
        try {
          const resultForm = form?.callable.get(name)?.resultForm ?? 'content'
          return JSON.parse(
            toCallToolResultJson(writeResult(name, outcome.complete), resultForm),
          ) as Record<string, unknown>
        } catch (error) {
          return { ...toToolErrorResult(error, options.dev) }
        }
      }
      return { ...toToolErrorResult(outcome.failed, options.dev) }
    },
  })
  const subscriptions = createSubscriptions(
    options.notificationBus ?? createMemoryNotificationBus(),
    (taskId, owner) => tasks.get(taskId, owner),
  )
  const listenLeg = createListenLeg({
    subscriptions,
    knowsResource: (server, uri) =>
      runtime.findResource(uri, catalogs.get(server)?.resourceScope) !== undefined,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  const taskLegs = new Map<string, McpLeg>()
  const hotAnswers = new Map<string, HotAnswer>()
  const mirrors = new Map<string, McpMirrors>()
  for (const [name, catalog] of catalogs) {
    hotAnswers.set(
      name,
      createHotAnswer(catalog, runtime, {
        dev: options.dev,
        rounds,
        relay,
        calls,
        declared,
        tasks,
      }),
    )
    taskLegs.set(
      name,
      createTasksLeg(tasks, JSON.stringify({ [META_SERVER_INFO]: catalog.serverInfo })),
    )
    mirrors.set(name, {
      tools: JSON.stringify({ tools: catalog.tools }),
      prompts: JSON.stringify({ prompts: catalog.promptList }),
      resources: JSON.stringify({ resources: catalog.resources }),
      resourceTemplates: JSON.stringify({ resourceTemplates: catalog.resourceTemplates }),
    })
  }
  const sdkLegs = lazySdkLegs(catalogs, runtime, { ...options, rounds, subscriptions })
  // The SDK loads on the first MCP request, after the hot path answered it: a server that only
  // answers REST never loads it (about 25 MiB and 100 ms on the first answer when preloaded at
  // start). A preload that fails is retried by the first request that needs the SDK, which
  // reports the failure if it persists.
  let preloading = false
  const preloadSdk = () => {
    if (preloading) return
    preloading = true
    setImmediate(() => sdkLegs().catch(() => {}))
  }
  const sessions =
    runtime.model.config.mcp.sessions === 'stateful'
      ? createMcpSessions(catalogs, runtime, { ...options, rounds, subscriptions })
      : undefined
  // The legs that answer an admitted POST, in order: the first answer wins, and the SDK's leg,
  // last, answers everything.
  const legs: McpLeg[] = [
    // A 2025 request belongs to its session, whose server keeps its state: never to the hot path.
    ...(sessions ? [sessions.servePost] : []),
    (exchange) =>
      exchange.parsedBody === undefined ? undefined : hotAnswers.get(exchange.server)?.(exchange),
    (exchange) => (exchange.parsedBody === undefined ? undefined : listenLeg(exchange)),
    (exchange) =>
      exchange.parsedBody === undefined ? undefined : taskLegs.get(exchange.server)?.(exchange),
    (exchange) => sdkLegs().then((sdk) => (sdk.get(exchange.server) as SdkLeg)(exchange)),
  ]
  const rejectHostOrOrigin = createHostOriginCheck(options.hostPolicy)
  const { gate } = options
  const anonymous: Admission = { ok: true }
  const authenticate = (request: Request, server: string): Promise<Admission> =>
    gate
      ? gate.check({
          authorization: request.headers.get('authorization'),
          dpop: request.headers.get('dpop'),
          method: request.method,
          pathname: pathnameOf(request.url),
          search: searchOf(request.url),
          origin: options.originOf(request),
          resourcePath: server === '' ? '/mcp' : `/mcp/${server}`,
        })
      : Promise.resolve(anonymous)

  const handle = (server: string, request: Request): Promise<Response> => {
    if (!hotAnswers.has(server)) {
      return Promise.resolve(notFoundResponse(request, { dev: options.dev }))
    }
    preloadSdk()
    const rejected = rejectHostOrOrigin(request)
    if (rejected) return Promise.resolve(rejected)
    return authenticate(request, server).then(async (outcome) => {
      if (!outcome.ok) return mcpRefusal(outcome)
      if (sessions && request.method !== 'POST') {
        return sessions.serve(server, request, outcome.context)
      }
      // Stateless in both eras: there is no GET stream to open and no session to DELETE.
      if (request.method !== 'POST') {
        return jsonRpcErrorResponse(
          405,
          -32000,
          'Method not allowed: this stateless server takes only POST',
          ALLOW_POST,
        )
      }
      const media = negotiateAnswerMedia(request.headers.get('accept'))
      if (media === undefined) {
        return jsonRpcErrorResponse(
          406,
          -32000,
          'Not Acceptable: Client must accept application/json or text/event-stream',
        )
      }
      const body = await readJsonRpcBody(request, maxRequestBodySize, options.bodyDeadlineMs)
      if ('rejected' in body) return body.rejected
      const refuseScope = gate?.refuseScope
      const lacking =
        refuseScope &&
        'parsed' in body &&
        refuseMissingScopes(runtime, body.parsed, outcome.context)
      if (refuseScope && lacking) {
        const resourcePath = server === '' ? '/mcp' : `/mcp/${server}`
        const where = { authorization: request.headers.get('authorization'), resourcePath }
        return mcpRefusal(refuseScope(lacking, { ...where, origin: options.originOf(request) }))
      }
      const exchange: McpExchange = {
        server,
        request,
        parsedBody: 'parsed' in body ? body.parsed : undefined,
        media,
        ...(outcome.context ? { caller: outcome.context } : {}),
      }
      const traced = traceHooks()
      return traced
        ? traced.answerMcp(exchange.parsedBody, request.headers, () => answerByLegs(legs, exchange))
        : answerByLegs(legs, exchange)
    })
  }
  const mirror = (server: string, list: keyof McpMirrors, request: Request) => {
    const text = mirrors.get(server)?.[list]
    return text === undefined ? notFoundResponse(request, { dev: options.dev }) : jsonResponse(text)
  }
  return [
    { method: 'GET', path: '/mcp/tools.json', handle: (request) => mirror('', 'tools', request) },
    {
      method: 'GET',
      path: '/mcp/prompts.json',
      handle: (request) => mirror('', 'prompts', request),
    },
    {
      method: 'GET',
      path: '/mcp/resources.json',
      handle: (request) => mirror('', 'resources', request),
    },
    {
      method: 'GET',
      path: '/mcp/resource-templates.json',
      handle: (request) => mirror('', 'resourceTemplates', request),
    },
    {
      method: 'GET',
      path: '/mcp/:server/tools.json',
      handle: (request, params) => mirror(params.server ?? '', 'tools', request),
    },
    { method: 'ALL', path: '/mcp', handle: (request) => handle('', request) },
    {
      method: 'ALL',
      path: '/mcp/:server',
      handle: (request, params) => handle(params.server ?? '', request),
    },
  ]
}

/** The answer of the first of `legs` that answers `exchange`. */
async function answerByLegs(legs: readonly McpLeg[], exchange: McpExchange): Promise<Response> {
  for (const leg of legs) {
    const answer = await leg(exchange)
    if (answer) return answer
  }
  // The SDK's leg, last, answers every request.
  throw new Error(`No MCP leg answered ${exchange.request.method} ${exchange.request.url}`)
}

/** Imports the SDK leg module once and builds a leg per server. */
function lazySdkLegs(
  catalogs: Map<string, McpServerCatalog>,
  runtime: ToolRuntime,
  options: SdkLegOptions,
): () => Promise<Map<string, SdkLeg>> {
  return lazyPerServer(catalogs, (catalog) =>
    import('./sdk/create-sdk-leg.js').then(({ createSdkLeg }) =>
      createSdkLeg(catalog, runtime, options),
    ),
  )
}

/**
 * A refused MCP request: 400, 401 or 403 with the challenge MCP clients read to find the
 * metadata, and an OAuth error body (RFC 6750), as MCP clients expect rather than a problem
 * document. Without credentials there is no error code (RFC 6750 §3.1), in the body as in the
 * challenge. When the issuer's keys cannot be had: 503 `temporarily_unavailable` with
 * `Retry-After` and no challenge.
 */
function mcpRefusal(outcome: Extract<GateOutcome, { ok: false }>): Response {
  const body = JSON.stringify({
    ...(outcome.code === undefined ? {} : { error: outcome.code }),
    error_description: outcome.error.message,
  })
  const headers = withCors({
    'content-type': 'application/json',
    ...refusalHeaders(outcome),
  })
  return respond(body, outcome.status, headers)
}

/**
 * The MCP authorization spec's insufficient-scope answer is an HTTP 403 with the challenge, not
 * a tool error: a `tools/call`, `prompts/get` or `resources/read` of something tagged `@scope`
 * that the caller's token does not cover is refused before any leg runs (the runtime checks
 * again on every path, tasks included).
 */
function refuseMissingScopes(
  runtime: ToolRuntime,
  message: unknown,
  caller: PorticoCaller | undefined,
): InsufficientScopeError | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined
  const { method, params } = message as { method?: unknown; params?: Record<string, unknown> }
  const target =
    method === 'tools/call' && typeof params?.name === 'string'
      ? { tool: params.name }
      : method === 'prompts/get' && typeof params?.name === 'string'
        ? { prompt: params.name }
        : method === 'resources/read' && typeof params?.uri === 'string'
          ? { uri: params.uri }
          : undefined
  if (target === undefined) return undefined
  try {
    const name = 'tool' in target ? target.tool : 'prompt' in target ? target.prompt : target.uri
    assertScopes(name, runtime.requiredScopes(target), caller?.scopes)
    return undefined
  } catch (error) {
    if (error instanceof InsufficientScopeError) return error
    throw error
  }
}
