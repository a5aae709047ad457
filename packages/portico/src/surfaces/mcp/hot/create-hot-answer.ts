import type { CacheHint, Tool } from '@modelcontextprotocol/server'
import type { PorticoCaller } from '../../../core/plugin-context.js'
import { PorticoError } from '../../../core/portico-error.js'
import { lazyRequestId } from '../../../core/request-id.js'
import { withCors } from '../../../http/cors.js'
import { createResultWriter } from '../../../invoke/create-result-writer.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import {
  answerCapabilitiesOf,
  callToolOverMcp,
  logNotifier,
  type McpToolCall,
  progressNotifier,
  type RelatedNotification,
} from '../calls/call-tool-over-mcp.js'
import type { CallRegistry } from '../calls/create-call-registry.js'
import type { DeclaredCapabilities } from '../calls/create-declared-capabilities.js'
import type { InputRequiredAnswer, InputRounds } from '../calls/create-input-rounds.js'
import type { ServerRequestRelay } from '../calls/create-server-request-relay.js'
import { McpCallError } from '../calls/mcp-call-error.js'
import { toCallToolResultJson, toToolErrorResult } from '../calls/to-call-tool-result.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import { listCacheHint } from '../catalog/list-cache-hint.js'
import type { ListPage } from '../catalog/paginate-list.js'
import type { McpResultForm } from '../catalog/to-mcp-tool.js'
import type { McpTaskCallOutcome, McpTasks } from '../tasks/create-mcp-tasks.js'
import { declaresTasks, detailedTaskJson, TASKS_REQUIRED } from '../tasks/create-tasks-leg.js'
import { eraOfRequest } from '../wire/era-of-request.js'
import {
  hasOtherKey,
  isJsonObject,
  isPlainObjectOrAbsent,
  isPlainRequest,
} from '../wire/is-plain-request.js'
import type { McpAnswer } from '../wire/mcp-answer.js'
import type { HeaderOf, McpExchange } from '../wire/mcp-leg.js'
import {
  isLegacyVersion,
  type McpEra,
  META_CLIENT_CAPABILITIES,
  META_LOG_LEVEL,
  META_SERVER_INFO,
} from '../wire/protocol-versions.js'
import { type CallAnswer, createCallAnswer } from './create-call-answer.js'
import { createResultAnswer, type ResultAnswer, resultMessage } from './create-result-answer.js'

const ACCEPTS_SSE = /text\/event-stream/i
const jsonHeaders = withCors({ 'content-type': 'application/json' })
const acceptedHeaders = withCors({})
/** The members of a `tools/call` and a `tools/list` the hot path knows; with any other, the SDK answers. */
const CALL_PARAMS = new Set(['name', 'arguments', '_meta', 'inputResponses', 'requestState'])
const LIST_PARAMS = new Set(['_meta', 'cursor'])

/**
 * One admitted request as the hot path reads it, from either edge: its headers, its body parsed
 * once, and the caller.
 */
export interface HotExchange extends Pick<McpExchange, 'parsedBody' | 'media' | 'caller'> {
  header: HeaderOf
  /** Aborted when the client goes away; asked only by calls that may talk back. */
  signal(): AbortSignal
  /**
   * True on the `node:http` edge, which writes only answers without a stream: a call that could
   * talk back (a tool with a context, SSE only, a task) is then left to the route, `undefined`.
   */
  plainOnly?: boolean
}

/**
 * Answers one hot request, or `undefined` when the SDK must: a leg of the route, and what the
 * `node:http` edge answers (see `createNodeMcpEdge`). A call whose answer may become a stream
 * settles as a `Response`; everything else as an {@link McpAnswer}.
 */
export type HotAnswer = (exchange: HotExchange) => Promise<McpAnswer | Response> | undefined

/** What the hot path shares with the rest of the MCP surface. */
export interface HotAnswerOptions {
  dev: boolean
  rounds: InputRounds
  relay: ServerRequestRelay
  /** The stateless 2025 calls under way, which `notifications/cancelled` abandons. */
  calls: CallRegistry
  /** What stateless 2025 clients declared in their `initialize`. */
  declared: DeclaredCapabilities
  /** The tasks extension, which a 2026-07-28 call of a `@task` tool goes through. */
  tasks: McpTasks
}

/**
 * The two requests agents send most, `tools/call` and `tools/list`, answered straight from the
 * catalog and the runtime in both eras: building an SDK server and transport for them costs
 * several times the call itself. Only a well-formed request (the SDK's JSON-RPC rules) takes
 * this path, and in the 2026-07-28 era only when its envelope and its `Mcp-*` headers agree
 * exactly; a `tools/list` page is made once per era and page. Anything else (another method,
 * an unknown tool, a cursor this list did not issue, task parameters, a mismatch, a batch, an
 * invalid message) goes to the SDK, which answers it in full, errors included. A call answers
 * JSON until its tool talks back (progress, logs, a 2025 server request), and then an SSE
 * stream; the POSTed answers to those server requests come back here. So do a 2025 client's
 * `notifications/cancelled`, which abandon the call they name (see `CallRegistry`), and its
 * `initialize`, whose capabilities are noted on its way to the SDK (see `DeclaredCapabilities`):
 * a 2025 call asks only what its client declared.
 */
export function createHotAnswer(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: HotAnswerOptions,
): HotAnswer {
  const { dev, rounds, relay, calls, declared, tasks } = options
  const writeResult = createResultWriter(runtime.model.config.limits.resultBytes)
  const { trustProxy } = runtime.model.config.server
  const serverInfoMeta = JSON.stringify({ [META_SERVER_INFO]: catalog.serverInfo })
  const toolPages = catalog.pages.tools
  // Each era's page is made on its first `tools/list`, not at start: 8 MB at 10,000 tools.
  const toolsLists: Record<McpEra, ResultAnswer[]> = { legacy: [], modern: [] }
  const toolsListAnswer = (era: McpEra, index: number) => {
    toolsLists[era][index] ??= createResultAnswer(
      toolsListJson(era, toolPages.page(index), serverInfoMeta, listCacheHint(runtime.model, dev)),
      jsonHeaders,
    )
    return toolsLists[era][index]
  }
  // A 2026-07-28 result is the 2025 one plus its type and the server's identity.
  const modernMembers = `,"resultType":"complete","_meta":${serverInfoMeta}`
  const failedJson = (era: McpEra, error: unknown) => {
    const failed = toToolErrorResult(error, dev)
    if (era === 'legacy') return JSON.stringify(failed)
    // Its `_meta` (the request id to quote) and the server's identity, in one member.
    return failed._meta
      ? JSON.stringify({
          ...failed,
          resultType: 'complete',
          _meta: { ...failed._meta, [META_SERVER_INFO]: catalog.serverInfo },
        })
      : `${JSON.stringify(failed).slice(0, -1)}${modernMembers}}`
  }
  // The result is written once, here; one over `limits.resultBytes` fails as the tool would.
  // Functions of the runtime, not closures of each call: the hot path allocates per call only
  // what it must.
  const completeJson = (
    era: McpEra,
    name: string,
    form: McpResultForm,
    result: unknown,
    requestId: () => string,
  ) => {
    try {
      const json = writeResult(name, result, requestId)
      return toCallToolResultJson(json, form, era === 'modern' ? modernMembers : '')
    } catch (error) {
      return failedJson(era, error)
    }
  }
  const asInputRequired = (answer: InputRequiredAnswer) =>
    `{"resultType":"input_required","inputRequests":${JSON.stringify(answer.inputRequests)},"requestState":${JSON.stringify(answer.requestState)},"_meta":${serverInfoMeta}}`

  return ({ header, signal, parsedBody: body, media, caller, plainOnly }) => {
    const callerKey = caller?.uid ?? ''
    if (!isPlainRequest(body)) {
      const cancelled = legacyCancellationOf(header, body)
      if (cancelled) {
        calls.cancel(callerKey, cancelled.requestId, cancelled.reason)
        // A notification is answered 202 whether or not it named a call (Streamable HTTP).
        return Promise.resolve(accepted())
      }
      // The client's answer to a request a call sent on its stream (2025).
      return relay.deliver(body, callerKey) ? Promise.resolve(accepted()) : undefined
    }
    const era = eraOfRequest(header, body)
    if (era === undefined) return undefined
    const { params } = body
    if (body.method === 'initialize' && era === 'legacy') {
      declared.remember(clientKeyOf(caller, header), params?.capabilities)
      return undefined
    }
    if (body.method === 'tools/list') {
      if (media !== 'json') return undefined
      if (params !== undefined && hasOtherKey(params, LIST_PARAMS)) return undefined
      // A cursor this list did not issue goes to the SDK, which refuses it in its era's way.
      const index = toolPages.pageIndexOf(params?.cursor)
      if (index === undefined) return undefined
      return Promise.resolve(toolsListAnswer(era, index)(body.id, header('accept-encoding')))
    }
    if (body.method !== 'tools/call' || params === undefined) return undefined
    const { name, arguments: input, _meta, inputResponses, requestState } = params
    const tool = typeof name === 'string' ? catalog.callable.get(name) : undefined
    if (!tool || !isPlainObjectOrAbsent(input) || hasOtherKey(params, CALL_PARAMS)) return undefined
    const retried = inputResponses !== undefined || requestState !== undefined
    if (era === 'modern' ? header('mcp-name') !== name || tool.headers : retried) return undefined

    // Asked only when a line is logged for the call (its failure), which its answer quotes.
    const requestId = lazyRequestId(header, trustProxy)
    // A method without a context cannot talk back: one JSON answer, as cheap as it gets.
    // The one check a call of a tool without `@task` pays for the tasks extension.
    const asTask = era === 'modern' && tool.task !== undefined
    if (!asTask && media === 'json' && runtime.findTool(name as string)?.takesContext !== true) {
      return runtime.invokeTool(name as string, input ?? {}, caller, { requestId }).then(
        (result) =>
          answer(completeJson(era, name as string, tool.resultForm, result, requestId), body.id),
        (error: unknown) => answer(failedJson(era, error), body.id),
      )
    }
    // The edge writes no stream: such a call goes to the route, whose hot path answers it.
    if (plainOnly) return undefined
    const canStream = ACCEPTS_SSE.test(header('accept') ?? '')
    const call = createCallAnswer(canStream, media === 'sse')
    const notify = (notification: RelatedNotification) =>
      call.send({ jsonrpc: '2.0', ...notification })
    const meta = isJsonObject(_meta) ? _meta : {}
    const progress = progressNotifier(meta.progressToken, notify)
    // 2026-07-28 logs only what the request asks for; stateless 2025 has no level to honour.
    const log = logNotifier(era === 'modern' ? meta[META_LOG_LEVEL] : 'debug', notify)
    let leave = () => {}
    const channel: ToolChannel = {
      signal,
      requestId,
      ...(progress === undefined ? {} : { progress }),
      ...(log === undefined ? {} : { log }),
      ...(era === 'legacy'
        ? {
            onAbandon: (abandon) => {
              leave = calls.enter(callerKey, body.id, abandon)
            },
            ...(canStream ? legacyAsks(relay, caller, signal, call) : {}),
          }
        : {}),
    }
    const mcpCall: McpToolCall = {
      era,
      name: name as string,
      input: input ?? {},
      ...(caller ? { caller } : {}),
      channel,
      resume: { inputResponses, requestState },
      canAnswer:
        era === 'modern'
          ? answerCapabilitiesOf(meta[META_CLIENT_CAPABILITIES])
          : declared.of(clientKeyOf(caller, header)),
    }
    const called: Promise<McpTaskCallOutcome> = !asTask
      ? callToolOverMcp(runtime, rounds, mcpCall)
      : declaresTasks(_meta)
        ? tasks.callTool(mcpCall)
        : tool.task === 'required'
          ? Promise.reject(
              new McpCallError(-32021, 'Missing required client capability', 400, TASKS_REQUIRED),
            )
          : callToolOverMcp(runtime, rounds, mcpCall)
    called
      .finally(() => leave())
      .then(
        (outcome) => {
          const json =
            'task' in outcome
              ? `{"resultType":"task",${detailedTaskJson(outcome.task).slice(1, -1)},"_meta":${serverInfoMeta}}`
              : 'complete' in outcome
                ? completeJson(era, name as string, tool.resultForm, outcome.complete, requestId)
                : 'failed' in outcome
                  ? failedJson(era, outcome.failed)
                  : asInputRequired(outcome.inputRequired)
          call.finish(resultMessage(json, body.id))
        },
        (error: unknown) => {
          const failure = error instanceof McpCallError ? error : undefined
          call.finish(
            JSON.stringify({
              jsonrpc: '2.0',
              id: body.id,
              error: {
                code: failure?.code ?? -32603,
                message: failure?.message ?? 'Internal error',
                ...(failure?.data ? { data: failure.data } : {}),
              },
            }),
            era === 'modern' ? (failure?.httpStatus ?? 500) : 200,
          )
        },
      )
    return call.response
  }
}

/**
 * Whom a 2025 client's declared capabilities are kept for: what a client declares depends on its
 * software, which anonymous callers tell apart only by their User-Agent; a token's subject says
 * who it is. Read only where a 2025 call needs it.
 */
function clientKeyOf(caller: PorticoCaller | undefined, header: HeaderOf): string {
  return caller?.uid ?? `anonymous ${header('user-agent') ?? ''}`
}

/** Elicitation, sampling and roots as requests on the call's stream, answered by a POST. */
function legacyAsks(
  relay: ServerRequestRelay,
  caller: PorticoCaller | undefined,
  signal: () => AbortSignal,
  call: CallAnswer,
): Pick<ToolChannel, 'elicit' | 'sample' | 'roots'> {
  const ask = (method: string, params: unknown) =>
    relay.request(method, params, caller?.uid ?? '', signal(), (message) => call.send(message))
  return {
    elicit: (params) => ask('elicitation/create', params),
    sample: (params) => ask('sampling/createMessage', params),
    roots: () => ask('roots/list', {}),
  }
}

function answer(resultJson: string, id: string | number): McpAnswer {
  return { status: 200, headers: jsonHeaders, body: resultMessage(resultJson, id) }
}

/**
 * A page of `tools/list` in an era: the 2026-07-28 one adds its type, cache hint and server
 * identity. Each page keeps the list's hint: its cursor names this version of the list only.
 */
function toolsListJson(
  era: McpEra,
  page: ListPage<Tool>,
  serverInfoMeta: string,
  hint: Required<CacheHint>,
): string {
  const toolsList = JSON.stringify(
    page.nextCursor === undefined
      ? { tools: page.items }
      : { tools: page.items, nextCursor: page.nextCursor },
  )
  if (era === 'legacy') return toolsList
  return `${toolsList.slice(0, -1)},"resultType":"complete","ttlMs":${hint.ttlMs},"cacheScope":"${hint.cacheScope}","_meta":${serverInfoMeta}}`
}

/**
 * The request a 2025 `notifications/cancelled` names, and why; `undefined` for anything else,
 * and for a 2026-07-28 message (whose client cancels by closing the call's stream).
 */
function legacyCancellationOf(
  header: HeaderOf,
  body: unknown,
): { requestId: unknown; reason: unknown } | undefined {
  if (!isJsonObject(body) || body.method !== 'notifications/cancelled' || 'id' in body)
    return undefined
  const version = header('mcp-protocol-version')
  if (version !== null && !isLegacyVersion(version)) return undefined
  const params = isJsonObject(body.params) ? body.params : {}
  const why = typeof params.reason === 'string' ? `: ${params.reason}` : ''
  return {
    requestId: params.requestId,
    reason: new PorticoError('execution', `The client cancelled the call${why}`),
  }
}

/** 202: the POSTed answers were taken. */
function accepted(): McpAnswer {
  return { status: 202, headers: acceptedHeaders, body: null }
}
