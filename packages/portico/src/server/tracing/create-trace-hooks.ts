import { createHash } from 'node:crypto'
import type { Context, Span, TextMapPropagator, Tracer } from '@opentelemetry/api'
import type { PorticoTraceContext, TracedMethodKind, TraceHooks } from '../../core/trace-hooks.js'
import { MCP_METHODS } from './mcp-methods.js'

type Api = typeof import('@opentelemetry/api')

/**
 * An MCP request's span while it is answered: it ends once the answer is returned and the tool
 * it called has finished (an event-stream answer is returned before the tool ends).
 */
interface McpCall {
  span: Span
  running: number
  answered: boolean
}

/** `2025-11-25`: what a protocol version looks like; anything else is not recorded. */
const PROTOCOL_VERSION = /^\d{4}-\d{2}-\d{2}$/

/** The longest JSON-RPC id recorded; a longer one is cut there. */
const MAX_ID_LENGTH = 128

/**
 * The hooks of {@link TraceHooks} over OpenTelemetry's API, following the MCP semantic
 * conventions: one server span per MCP request named `{mcp.method.name} {tool}`, a child of
 * `params._meta.traceparent` (SEP-414; both eras carry it there) linked to the HTTP request's
 * span, else a child of that span; an `execute_tool {name}` span per tool call (a
 * `prompt {name}` per prompt method, a `resource_template {id}` per template read), active while
 * it runs, so its `fetch` calls and `ctx.trace` continue the trace. Nothing of a request's
 * input, result or headers is recorded: the method and tool names only when they are the
 * plugin's, the JSON-RPC id, the protocol version, a digest of the session id.
 */
export function createTraceHooks(
  api: Api,
  tracer: Tracer,
  propagator: TextMapPropagator,
  requestIdKey: symbol,
): TraceHooks {
  const { context, trace, SpanKind, SpanStatusCode, ROOT_CONTEXT, defaultTextMapGetter } = api
  const MCP_CALL = api.createContextKey('portico.mcp.call')
  const finish = (call: McpCall) => {
    if (call.answered && call.running === 0) call.span.end()
  }
  const fail = (span: Span, type: string) => {
    span.setAttribute('error.type', type)
    span.setStatus({ code: SpanStatusCode.ERROR })
  }
  return {
    answerMcp(message, headers, answer) {
      if (typeof message !== 'object' || message === null || Array.isArray(message)) return answer()
      const { method, id, params } = message as {
        method?: unknown
        id?: unknown
        params?: { _meta?: Record<string, unknown> }
      }
      if (typeof method !== 'string') return answer()
      const ambient = context.active()
      const meta = params?._meta
      const remote =
        typeof meta === 'object' && meta !== null
          ? propagator.extract(ROOT_CONTEXT, meta, defaultTextMapGetter)
          : undefined
      const fromMeta = remote ? trace.getSpanContext(remote) : undefined
      const ambientSpan = trace.getSpanContext(ambient)
      const name = MCP_METHODS.has(method) ? method : '_OTHER'
      const version =
        headers.get('mcp-protocol-version') ?? meta?.['io.modelcontextprotocol/protocolVersion']
      const session = headers.get('mcp-session-id')
      const span = tracer.startSpan(
        name,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'mcp.method.name': name,
            'network.transport': 'tcp',
            'network.protocol.name': 'http',
            ...(typeof id === 'string' || typeof id === 'number'
              ? { 'jsonrpc.request.id': String(id).slice(0, MAX_ID_LENGTH) }
              : {}),
            ...(typeof version === 'string' && PROTOCOL_VERSION.test(version)
              ? { 'mcp.protocol.version': version }
              : {}),
            // A digest: it tells a session's requests apart without handing out the id, which
            // lets whoever holds it send into the session.
            ...(session ? { 'mcp.session.id': digest(session) } : {}),
            ...(name === 'tools/call' ? { 'gen_ai.operation.name': 'execute_tool' } : {}),
          },
          ...(fromMeta && ambientSpan ? { links: [{ context: ambientSpan }] } : {}),
        },
        fromMeta && remote ? remote : ambient,
      )
      const call: McpCall = { span, running: 0, answered: false }
      const active = trace
        .setSpan(fromMeta && remote ? remote : ambient, span)
        .setValue(MCP_CALL, call)
      return context.with(active, answer).then(
        (response) => {
          if (response.status >= 400) fail(span, String(response.status))
          call.answered = true
          finish(call)
          return response
        },
        (error: unknown) => {
          fail(span, error instanceof Error ? error.name : 'Error')
          call.answered = true
          finish(call)
          throw error
        },
      )
    },
    runMethod(kind, id, run) {
      const parent = context.active()
      const call = parent.getValue(MCP_CALL) as McpCall | undefined
      const traced = TRACED[kind]
      if (call) {
        // The method's id, never the name the client sent: only the plugin's names reach a span.
        if (traced.mcpMethod) call.span.updateName(`${traced.mcpMethod} ${id}`)
        call.span.setAttribute(traced.idAttribute, id)
        call.running += 1
      }
      const span = tracer.startSpan(
        `${traced.span} ${id}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: { ...traced.attributes, [traced.idAttribute]: id },
        },
        parent,
      )
      const ended = (type: string | undefined) => {
        if (type !== undefined) {
          fail(span, type)
          // The semantic conventions' mark of a call answered with `isError: true`; a prompt or
          // a template that fails makes the request an error, of the failure's kind.
          if (call) fail(call.span, kind === 'tool' ? 'tool_error' : type)
        }
        span.end()
        if (call) {
          call.running -= 1
          finish(call)
        }
      }
      return context.with(trace.setSpan(parent, span), run).then(
        (result) => {
          ended(undefined)
          return result
        },
        (error: unknown) => {
          ended(errorType(error))
          throw error
        },
      )
    },
    activeTrace() {
      return traceContextOf(api, context.active())
    },
    activeRequestId() {
      const active = context.active()
      const fromProxy = active.getValue(requestIdKey)
      if (typeof fromProxy === 'string') return fromProxy
      const spanContext = trace.getSpanContext(active)
      return spanContext && api.isSpanContextValid(spanContext) ? spanContext.traceId : undefined
    },
  }
}

/**
 * The span of each kind of method and what it sets on its MCP request's span: the semantic
 * conventions' `execute_tool` and `gen_ai.tool.name`, their `gen_ai.prompt.name` (a prompt has
 * no operation of its own there), and for a template the plugin's id: its URI is the client's,
 * and `resources/read` stays the request's name.
 */
const TRACED: Record<
  TracedMethodKind,
  {
    span: string
    mcpMethod?: string
    idAttribute: string
    attributes: Record<string, string>
  }
> = {
  tool: {
    span: 'execute_tool',
    mcpMethod: 'tools/call',
    idAttribute: 'gen_ai.tool.name',
    attributes: { 'gen_ai.operation.name': 'execute_tool' },
  },
  prompt: {
    span: 'prompt',
    mcpMethod: 'prompts/get',
    idAttribute: 'gen_ai.prompt.name',
    attributes: {},
  },
  resource: { span: 'resource_template', idAttribute: 'portico.resource_template', attributes: {} },
}

/** The W3C context of the span active in `active`, if it is a valid one. */
export function traceContextOf(api: Api, active: Context): PorticoTraceContext | undefined {
  const spanContext = api.trace.getSpanContext(active)
  if (!spanContext || !api.isSpanContextValid(spanContext)) return undefined
  const { traceId, spanId, traceFlags, traceState } = spanContext
  const tracestate = traceState?.serialize()
  return {
    traceId,
    spanId,
    traceparent: `00-${traceId}-${spanId}-0${(traceFlags & 1).toString(16)}`,
    ...(tracestate ? { tracestate } : {}),
  }
}

/** A Portico error's kind (`validation`, `timeout`…), or the class of anything else thrown. */
function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const { kind } = error as { kind: unknown }
    if (typeof kind === 'string') return kind
  }
  return error instanceof Error ? error.name : typeof error
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32)
}
