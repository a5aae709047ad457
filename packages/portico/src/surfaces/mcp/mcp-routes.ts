import type { AuthGate, GateOutcome } from '../../auth/create-auth-gate.js'
import { refusalHeaders } from '../../auth/refusal-headers.js'
import { assertScopes, InsufficientScopeError } from '../../core/insufficient-scope-error.js'
import type { PorticoCaller } from '../../core/plugin-context.js'
import { type Pending, settled } from '../../core/settled.js'
import { traceHooks } from '../../core/trace-hooks.js'
import { withCors } from '../../http/cors.js'
import type { HostPolicy } from '../../http/host-policy.js'
import { jsonResponse } from '../../http/json-response.js'
import { pathnameOf, searchOf } from '../../http/pathname-of.js'
import { notFoundResponse } from '../../http/problem-response.js'
import { readBodyBytes } from '../../http/read-body.js'
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
import { admissionOf, type McpAdmission } from './wire/edge-admissions.js'
import { jsonRpcErrorAnswer, jsonRpcErrorResponse } from './wire/json-rpc-error-response.js'
import { type McpAnswer, toResponse } from './wire/mcp-answer.js'
import type { HeaderOf, McpExchange, McpLeg } from './wire/mcp-leg.js'
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

/** A request to an MCP endpoint, as both edges hand it to what they share. */
export interface McpPost {
  /** The MCP server it was sent to: `''` for `/mcp`, else the name of `/mcp/<name>`. */
  server: string
  method: string
  header: HeaderOf
  pathname: string
  /** The query string, `?…` or empty. */
  search: string
  /** The public origin (see `requestOrigin`), asked by a token check and a refusal only. */
  origin(): string
  /** The body within `limitBytes` (see `JsonRpcBodySource.read`). */
  readBody(limitBytes: number): Promise<Uint8Array>
  /** Aborted when the client goes away. */
  signal(): AbortSignal
}

/**
 * Answers a stateless `POST` on the `node:http` edge when the hot path can without a stream,
 * or says what to hand on to the app with it: the admission, once the request was admitted.
 */
export type McpPostAnswer = (post: McpPost) => Promise<McpAnswer | McpHandOver>

/** A request the edge leaves to the app (see {@link McpPostAnswer}). */
export interface McpHandOver {
  /** Absent when the request was not admitted yet (the app then checks it). */
  admission?: McpAdmission
}

/** The MCP surface: its routes, and what the `node:http` edge answers of it. */
export interface McpSurface {
  routes: Route[]
  /** Absent with stateful sessions, whose requests belong to their session first. */
  answerPost?: McpPostAnswer
}

/** What `anon` admits every request as. */
const ANONYMOUS: McpAdmission = {}

/** An admitted POST, read: what the legs are handed besides the request. */
type ReadPost = Pick<McpExchange, 'parsedBody' | 'media' | 'caller'>

/** A gate's outcome as the MCP route takes it: the refusal, or the caller. */
function gateAdmission(outcome: GateOutcome): McpAnswer | McpAdmission {
  return !outcome.ok ? mcpRefusal(outcome) : outcome.context ? { caller: outcome.context } : {}
}

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
 * `createMcpSessions`) before anything else. Stateless, the same admission and hot path also
 * answer on the `node:http` edge (`answerPost`, see `createNodeMcpEdge`).
 */
export function mcpRoutes(runtime: ToolRuntime, options: McpRoutesOptions): McpSurface {
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
      createTasksLeg(
        tasks,
        JSON.stringify({ [META_SERVER_INFO]: catalog.serverInfo }),
        runtime.model.config.server.trustProxy,
      ),
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
    (exchange) => {
      if (exchange.parsedBody === undefined) return undefined
      const { request } = exchange
      return hotAnswers
        .get(exchange.server)?.({
          ...exchange,
          header: (name) => request.headers.get(name),
          signal: () => request.signal,
        })
        ?.then((answer) => (answer instanceof Response ? answer : toResponse(answer)))
    },
    (exchange) => (exchange.parsedBody === undefined ? undefined : listenLeg(exchange)),
    (exchange) =>
      exchange.parsedBody === undefined ? undefined : taskLegs.get(exchange.server)?.(exchange),
    (exchange) => sdkLegs().then((sdk) => (sdk.get(exchange.server) as SdkLeg)(exchange)),
  ]
  const rejectHostOrOrigin = createHostOriginCheck(options.hostPolicy)
  const { gate } = options
  const resourcePathOf = (server: string) => (server === '' ? '/mcp' : `/mcp/${server}`)
  // Host and Origin, then the token: the refusal, or the caller (in the authenticated modes).
  // Without a gate nothing waits, and the edge's hot path takes no promise for it.
  const admit = (post: McpPost): Pending<McpAnswer | McpAdmission> => {
    const rejected = rejectHostOrOrigin(post.header)
    if (rejected) return rejected
    if (!gate) return ANONYMOUS
    const outcome = gate.check({
      authorization: post.header('authorization'),
      dpop: post.header('dpop'),
      method: post.method,
      pathname: post.pathname,
      search: post.search,
      origin: post.origin(),
      resourcePath: resourcePathOf(post.server),
    })
    return settled(outcome, gateAdmission)
  }
  // An admitted POST: what its `Accept` allows, its body read and parsed once, the scopes of
  // what it calls; the refusal, or what the legs need.
  const readPost = (
    post: McpPost,
    caller: PorticoCaller | undefined,
  ): Pending<McpAnswer | ReadPost> => {
    const media = negotiateAnswerMedia(post.header('accept'))
    if (media === undefined) {
      return jsonRpcErrorAnswer(
        406,
        -32000,
        'Not Acceptable: Client must accept application/json or text/event-stream',
      )
    }
    const source = {
      contentType: post.header('content-type'),
      contentEncoding: post.header('content-encoding'),
      read: post.readBody,
    }
    return readJsonRpcBody(source, maxRequestBodySize).then((body) => {
      if ('rejected' in body) return body.rejected
      const refuseScope = gate?.refuseScope
      const lacking =
        refuseScope && 'parsed' in body && refuseMissingScopes(runtime, body.parsed, caller)
      if (refuseScope && lacking) {
        const where = {
          authorization: post.header('authorization'),
          resourcePath: resourcePathOf(post.server),
        }
        return mcpRefusal(refuseScope(lacking, { ...where, origin: post.origin() }))
      }
      // One shape whatever the mode: the hot path's objects keep theirs (see `answerPost`).
      return { parsedBody: 'parsed' in body ? body.parsed : undefined, media, caller }
    })
  }
  const postOf = (server: string, request: Request): McpPost => ({
    server,
    method: request.method,
    header: (name) => request.headers.get(name),
    pathname: pathnameOf(request.url),
    search: searchOf(request.url),
    origin: () => options.originOf(request),
    readBody: (limitBytes) => readBodyBytes(request, limitBytes, options.bodyDeadlineMs),
    signal: () => request.signal,
  })

  const handle = (server: string, request: Request): Promise<Response> => {
    if (!hotAnswers.has(server)) {
      return Promise.resolve(notFoundResponse(request, { dev: options.dev }))
    }
    preloadSdk()
    const post = postOf(server, request)
    // Admitted already when the node:http edge handed it on.
    return Promise.resolve(admissionOf(request) ?? admit(post)).then(async (admitted) => {
      if ('status' in admitted) return toResponse(admitted)
      if (sessions && request.method !== 'POST') {
        return sessions.serve(server, request, admitted.caller)
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
      const read = await readPost(post, admitted.caller)
      if ('status' in read) return toResponse(read)
      const exchange: McpExchange = { server, request, ...read }
      const traced = traceHooks()
      return traced
        ? traced.answerMcp(exchange.parsedBody, request.headers, () => answerByLegs(legs, exchange))
        : answerByLegs(legs, exchange)
    })
  }
  // The same admission and hot path as `handle`, for a stateless POST on the node:http edge:
  // what needs a stream, a session, the SDK or a trace goes on to the app.
  const answerPost: McpPostAnswer = (post) => {
    const hot = hotAnswers.get(post.server)
    if (!hot || traceHooks()) return Promise.resolve({})
    preloadSdk()
    const answerAdmitted = (admission: McpAdmission) => (read: McpAnswer | ReadPost) => {
      if ('status' in read) return read
      if (read.parsedBody === undefined) return { admission }
      // Written out, not spread: a spread made a new hidden class per request (V8's map
      // transitions were 4 % of an MCP call's CPU). Never a `Response` (a stream) when
      // `plainOnly`: such a call answers `undefined`.
      const answer = hot({
        parsedBody: read.parsedBody,
        media: read.media,
        caller: read.caller,
        header: post.header,
        signal: post.signal,
        plainOnly: true,
      }) as Promise<McpAnswer> | undefined
      return answer ?? { admission }
    }
    return Promise.resolve(
      settled(admit(post), (admitted) =>
        'status' in admitted
          ? admitted
          : settled(readPost(post, admitted.caller), answerAdmitted(admitted)),
      ),
    )
  }
  const mirror = (server: string, list: keyof McpMirrors, request: Request) => {
    const text = mirrors.get(server)?.[list]
    return text === undefined ? notFoundResponse(request, { dev: options.dev }) : jsonResponse(text)
  }
  const routes: Route[] = [
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
  return sessions ? { routes } : { routes, answerPost }
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
function mcpRefusal(outcome: Extract<GateOutcome, { ok: false }>): McpAnswer {
  const body = JSON.stringify({
    ...(outcome.code === undefined ? {} : { error: outcome.code }),
    error_description: outcome.error.message,
  })
  const headers = withCors({
    'content-type': 'application/json',
    ...refusalHeaders(outcome),
  })
  return { status: outcome.status, headers, body }
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
