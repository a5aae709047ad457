import type { PorticoPluginContext } from '../../core/plugin-context.js'
import { respond, withCors } from '../../http/cors.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { listCacheHint } from './list-cache-hint.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from './protocol-versions.js'
import { toCallToolResultJson, toToolErrorResult } from './tool-call-result.js'

/** The initialize-based revisions; a request naming another version goes to the SDK. */
const LEGACY_VERSIONS: ReadonlySet<string> = new Set(LEGACY_PROTOCOL_VERSIONS)
const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion'
const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'
const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo'
const META_RELATED_TASK = 'io.modelcontextprotocol/related-task'
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo'
const jsonHeaders = withCors({ 'content-type': 'application/json' })

interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: string | number
  method: string
  params?: Record<string, unknown>
}

/** Answers one hot request that accepts JSON, or `undefined` when the SDK must. */
export type HotAnswer = (
  request: Request,
  body: unknown,
  context?: PorticoPluginContext,
) => Promise<Response> | undefined

/**
 * The two requests agents send most, `tools/call` and `tools/list`, answered straight from the
 * catalog and the runtime in both eras: building an SDK server and transport for them costs
 * several times the call itself. Only a well-formed request (the SDK's JSON-RPC rules) that
 * accepts JSON (the route checks `Accept`) takes this path, and in the 2026-07-28 era only when
 * its envelope and its `Mcp-*` headers agree exactly. Anything else (another method, an unknown
 * tool, a cursor, task parameters, a mismatch, a batch, an invalid message) goes to the SDK,
 * which answers it in full, errors included.
 */
export function createHotAnswer(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  dev: boolean,
): HotAnswer {
  const toolsList = JSON.stringify({ tools: catalog.tools })
  const serverInfoMeta = JSON.stringify({ [META_SERVER_INFO]: catalog.serverInfo })
  const hint = listCacheHint(runtime.model, dev)
  const modernToolsList = `${toolsList.slice(0, -1)},"resultType":"complete","ttlMs":${hint.ttlMs},"cacheScope":"${hint.cacheScope}","_meta":${serverInfoMeta}}`
  // A 2026-07-28 result is the 2025 one plus its type and the server's identity.
  const modernize = (resultJson: string) =>
    `${resultJson.slice(0, -1)},"resultType":"complete","_meta":${serverInfoMeta}}`

  return (request, body, context) => {
    if (!isPlainRequest(body)) return undefined
    const era = eraOf(request, body)
    if (era === undefined) return undefined
    const { params } = body
    if (body.method === 'tools/list') {
      if (params !== undefined && Object.keys(params).some((key) => key !== '_meta'))
        return undefined
      return Promise.resolve(answer(era === 'modern' ? modernToolsList : toolsList, body.id))
    }
    if (body.method !== 'tools/call' || params === undefined) return undefined
    const { name, arguments: input, ...rest } = params
    const tool = typeof name === 'string' ? catalog.callable.get(name) : undefined
    if (!tool || !isPlainObjectOrAbsent(input) || Object.keys(rest).some((key) => key !== '_meta'))
      return undefined
    if (era === 'modern' && request.headers.get('mcp-name') !== name) return undefined
    const shape = era === 'modern' ? modernize : (json: string) => json
    return runtime.invokeTool(name as string, input ?? {}, context).then(
      (result) => answer(shape(toCallToolResultJson(result, tool.resultForm)), body.id),
      (error: unknown) => answer(shape(JSON.stringify(toToolErrorResult(error, dev))), body.id),
    )
  }
}

function answer(resultJson: string, id: string | number): Response {
  const body = `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`
  return respond(body, 200, jsonHeaders)
}

/**
 * `legacy` for a 2025-era request; `modern` for a 2026-07-28 one whose envelope is complete and
 * whose version and method headers match the body; `undefined` for anything the SDK must judge.
 */
function eraOf(request: Request, body: JsonRpcRequest): 'legacy' | 'modern' | undefined {
  const header = request.headers.get('mcp-protocol-version')
  const meta = body.params?._meta
  if (!isObject(meta) || !(META_PROTOCOL_VERSION in meta)) {
    return header === null || LEGACY_VERSIONS.has(header) ? 'legacy' : undefined
  }
  const complete =
    meta[META_PROTOCOL_VERSION] === MODERN_PROTOCOL_VERSION &&
    isObject(meta[META_CLIENT_CAPABILITIES]) &&
    (meta[META_CLIENT_INFO] === undefined || isObject(meta[META_CLIENT_INFO]))
  return complete &&
    header === MODERN_PROTOCOL_VERSION &&
    request.headers.get('mcp-method') === body.method
    ? 'modern'
    : undefined
}

/**
 * A request as the SDK's `JSONRPCRequestSchema` has it: exactly `jsonrpc`, `id` (a string or an
 * integer), `method` and optional object `params`, whose optional `_meta` is an object with a
 * valid `progressToken` and related task when they are there. Anything else (a message that
 * also carries `result`, say) is for the SDK to refuse.
 */
function isPlainRequest(body: unknown): body is JsonRpcRequest {
  if (!isObject(body)) return false
  for (const key in body) {
    if (key !== 'jsonrpc' && key !== 'id' && key !== 'method' && key !== 'params') return false
  }
  const { jsonrpc, id, method, params } = body
  return (
    jsonrpc === '2.0' &&
    isRequestId(id) &&
    typeof method === 'string' &&
    isPlainObjectOrAbsent(params) &&
    isRequestMetaOrAbsent(params?._meta)
  )
}

function isRequestMetaOrAbsent(meta: unknown): boolean {
  if (meta === undefined) return true
  if (!isObject(meta)) return false
  const { progressToken } = meta
  const task = meta[META_RELATED_TASK]
  return (
    (progressToken === undefined || isRequestId(progressToken)) &&
    (task === undefined || (isObject(task) && typeof task.taskId === 'string'))
  )
}

/** A string or an integer: a request id, and a progress token. */
function isRequestId(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPlainObjectOrAbsent(value: unknown): value is Record<string, unknown> | undefined {
  return value === undefined || isObject(value)
}
