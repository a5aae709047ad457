import {
  CLIENT_CAPABILITIES_META_KEY,
  type CreateMessageRequestParams,
  type ElicitRequestFormParams,
  type InputRequiredResult,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
  type Transport,
} from '@modelcontextprotocol/server'
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import type { PorticoCaller } from '../../../core/plugin-context.js'
import { fetchRequestId } from '../../../core/request-id.js'
import { createResultWriter } from '../../../invoke/create-result-writer.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import {
  answerCapabilitiesOf,
  callToolOverMcp,
  progressNotifier,
  type RelatedNotification,
} from '../calls/call-tool-over-mcp.js'
import type { InputResume, InputRounds } from '../calls/create-input-rounds.js'
import { getPromptOverMcp } from '../calls/get-prompt-over-mcp.js'
import { McpCallError } from '../calls/mcp-call-error.js'
import type { AnswerCapabilities } from '../calls/refuse-undeclared-asks.js'
import { toCallToolResult, toToolErrorResult } from '../calls/to-call-tool-result.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import { listCacheHint } from '../catalog/list-cache-hint.js'
import type { McpResultForm } from '../catalog/to-mcp-tool.js'
import type { McpSubscriptions } from '../subscriptions/create-subscriptions.js'
import { LEGACY_PROTOCOL_VERSIONS, type McpEra } from '../wire/protocol-versions.js'
import { adaptSdkAnswers } from './adapt-sdk-answers.js'
import { createListAnswer } from './create-list-answer.js'
import { registerResourceHandlers } from './register-resource-handlers.js'
import { callerFromAuthInfo } from './to-auth-info.js'

/** Options of {@link createMcpServerFactory}. */
export interface McpServerFactoryOptions {
  dev: boolean
  /** 2026-07-28 input rounds, shared with the hot path (a retry may reach either). */
  rounds: InputRounds
  /** The plugin's skills as the SDK's skills extension, built once; attached to each server. */
  skills?: SkillsExtension
  /** Where a 2025 session's `resources/subscribe` registers (see `registerResourceHandlers`). */
  subscriptions?: McpSubscriptions
}

/** What one request brings to its server: its era, the caller, and the origin it was made to. */
export interface McpRequestScope {
  era: McpEra
  context?: PorticoCaller
  /** Widget pages name their assets on it (see `widgetContents`). */
  origin: string
  /**
   * The connection stays open between requests, as stdio does: in a 2025 exchange the server
   * may then ask the client (elicitation, sampling, roots) without an HTTP session.
   */
  lasting?: true
}

/**
 * A factory of one fresh server per request (a shared instance leaks responses across clients:
 * GHSA-345p-7cg4-v4c7). Tools and prompts are low-level handlers that only read the catalog,
 * prepared once; widgets are registered resources and skills come through the SDK's skills
 * extension, both of which need the high-level `McpServer` around the low-level one.
 */
export function createMcpServerFactory(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: McpServerFactoryOptions,
): (scope: McpRequestScope) => McpServer {
  const listHint = listCacheHint(runtime.model, options.dev)
  const cacheHints = {
    'server/discover': listHint,
    'tools/list': listHint,
    'prompts/list': listHint,
    'resources/list': listHint,
    'resources/templates/list': listHint,
    'resources/read': listHint,
  }
  const listTools = createListAnswer(catalog.pages.tools, 'tools/list', 'tools')
  const inputSchemas = new Map(
    catalog.tools.map((tool) => [tool.name, tool.inputSchema as Record<string, unknown>]),
  )
  const listPrompts = createListAnswer(catalog.pages.prompts, 'prompts/list', 'prompts')
  const writeResult = createResultWriter(runtime.model.config.limits.resultBytes)
  const { trustProxy } = runtime.model.config.server
  /** The SDK writes the answer again, but a result over the limit never reaches it. */
  const completeResult = (
    name: string,
    result: unknown,
    form: McpResultForm,
    channel: ToolChannel,
  ) => {
    let json: string
    try {
      json = writeResult(name, result, channel.requestId)
    } catch (error) {
      return toToolErrorResult(error, options.dev)
    }
    return toCallToolResult(result, json, form)
  }

  return ({ era, context, origin, lasting }) => {
    const mcp = new EdgeMcpServer(era, inputSchemas, catalog.serverInfo, {
      // Our list, not the SDK's default: what `initialize` negotiates, what the transport
      // accepts in `MCP-Protocol-Version` and what its refusal lists are the hot path's. The
      // SDK adds 2026-07-28 itself where it serves that revision.
      supportedProtocolVersions: [...LEGACY_PROTOCOL_VERSIONS],
      capabilities: catalog.capabilities,
      ...(catalog.instructions ? { instructions: catalog.instructions } : {}),
      cacheHints,
    })
    const server = mcp.server
    server.setRequestHandler('tools/list', listTools)
    server.setRequestHandler('tools/call', async (request, ctx) => {
      const { name, arguments: input } = request.params
      const tool = catalog.callable.get(name)
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`)
      const caller = callerOf(ctx) ?? context
      const channel = channelOf(ctx, era, lasting === true, trustProxy)
      try {
        const outcome = await callToolOverMcp(runtime, options.rounds, {
          era,
          name,
          input: input ?? {},
          ...(caller ? { caller } : {}),
          channel,
          resume: resumeOf(ctx),
          ...canAnswerOf(ctx, era, lasting === true, server),
        })
        if ('complete' in outcome) {
          return completeResult(name, outcome.complete, tool.resultForm, channel)
        }
        if ('failed' in outcome) return toToolErrorResult(outcome.failed, options.dev)
        // Portico's ask types are MCP's shapes, written out for the light `portico` entry.
        return { resultType: 'input_required', ...outcome.inputRequired } as InputRequiredResult
      } catch (error) {
        throw asProtocolError(error)
      }
    })
    if (catalog.capabilities.prompts) {
      server.setRequestHandler('prompts/list', listPrompts)
      server.setRequestHandler('prompts/get', async (request, ctx) => {
        const prompt = catalog.prompts.get(request.params.name)
        if (!prompt) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `Unknown prompt: ${request.params.name}`,
          )
        }
        const caller = callerOf(ctx) ?? context
        try {
          const outcome = await getPromptOverMcp(runtime, prompt, options.rounds, {
            era,
            args: request.params.arguments,
            ...(caller ? { caller } : {}),
            channel: channelOf(ctx, era, lasting === true, trustProxy),
            resume: resumeOf(ctx),
            canAnswer: envelopeCapabilitiesOf(ctx),
            dev: options.dev,
          })
          // Portico's ask types are MCP's shapes, written out for the light `portico` entry.
          return (
            'inputRequired' in outcome
              ? { resultType: 'input_required', ...outcome.inputRequired }
              : outcome
          ) as InputRequiredResult
        } catch (error) {
          throw asProtocolError(error)
        }
      })
    }
    registerResourceHandlers(mcp, catalog, {
      runtime,
      dev: options.dev,
      origin,
      ...(options.subscriptions ? { subscriptions: options.subscriptions } : {}),
      ...(context ? { caller: context } : {}),
    })
    options.skills?.attach(mcp)
    return mcp
  }
}

/** A session's requests each bring their own token: the caller is the request's. */
function callerOf(ctx: ServerContext): PorticoCaller | undefined {
  return callerFromAuthInfo(ctx.http?.authInfo)
}

/**
 * What a method (a tool's, a prompt's) may do with the client of the request it serves, and the
 * id of that request (`trustProxy`: `server.trustProxy`).
 */
function channelOf(
  ctx: ServerContext,
  era: McpEra,
  lasting: boolean,
  trustProxy: boolean,
): ToolChannel {
  const notify = (notification: RelatedNotification) => ctx.mcpReq.notify(notification)
  const progress = progressNotifier(ctx.mcpReq._meta?.progressToken, notify)
  const request = ctx.http?.req
  return {
    signal: () => ctx.mcpReq.signal,
    ...(request ? { requestId: () => fetchRequestId(request, trustProxy) } : {}),
    ...(progress === undefined ? {} : { progress }),
    log: (level, data) => ctx.mcpReq.log(level, data),
    // The SDK offers it only where the client can resume: a session's SSE answer of
    // 2025-11-25, its events stored.
    ...(ctx.http?.closeSSE ? { closeStream: ctx.http.closeSSE } : {}),
    // A stateless server cannot hear the answer to a request of its own.
    ...(era === 'legacy' && canAsk(ctx, lasting) ? sessionAsks(ctx) : {}),
  }
}

/** What a retried 2026-07-28 request brought back (the SDK lifts both out of the params). */
function resumeOf(ctx: ServerContext): InputResume {
  return { inputResponses: ctx.mcpReq.inputResponses, requestState: ctx.mcpReq.requestState() }
}

/**
 * What the client declared it can answer: a 2026-07-28 request's envelope; in 2025, the
 * `initialize` of the session or lasting connection. A stateless 2025 server cannot ask at all.
 */
function canAnswerOf(
  ctx: ServerContext,
  era: McpEra,
  lasting: boolean,
  server: McpServer['server'],
): { canAnswer?: AnswerCapabilities } {
  if (era === 'legacy') {
    if (!canAsk(ctx, lasting)) return {}
    return { canAnswer: answerCapabilitiesOf(server.getClientCapabilities()) }
  }
  return { canAnswer: envelopeCapabilitiesOf(ctx) }
}

/** What a 2026-07-28 request's envelope declares. */
function envelopeCapabilitiesOf(ctx: ServerContext): AnswerCapabilities {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined
  return answerCapabilitiesOf(envelope?.[CLIENT_CAPABILITIES_META_KEY])
}

/** Whether a 2025 server hears its client's answers: in a session, or over a lasting connection. */
function canAsk(ctx: ServerContext, lasting: boolean): boolean {
  return lasting || ctx.sessionId !== undefined
}

/** The SDK's form of a call's protocol error; anything else as it is. */
function asProtocolError(error: unknown): unknown {
  return error instanceof McpCallError
    ? new ProtocolError(error.code, error.message, error.data)
    : error
}

/** Elicitation, sampling and roots as the SDK sends them in a 2025 session. */
function sessionAsks(ctx: ServerContext): Pick<ToolChannel, 'elicit' | 'sample' | 'roots'> {
  return {
    // Portico's ask types are MCP's shapes, written out for the light `portico` entry.
    elicit: (params) => ctx.mcpReq.elicitInput(params as ElicitRequestFormParams),
    sample: (params) => ctx.mcpReq.requestSampling(params as CreateMessageRequestParams),
    roots: () => ctx.mcpReq.send({ method: 'roots/list' }),
  }
}

/** An `McpServer` whose exchanges pass through Portico's edge ({@link adaptSdkAnswers}), and that knows its tools' input schemas. */
class EdgeMcpServer extends McpServer {
  readonly #era: McpEra
  readonly #inputSchemas: ReadonlyMap<string, Record<string, unknown>>

  constructor(
    era: McpEra,
    inputSchemas: ReadonlyMap<string, Record<string, unknown>>,
    ...args: ConstructorParameters<typeof McpServer>
  ) {
    super(...args)
    this.#era = era
    this.#inputSchemas = inputSchemas
  }

  /**
   * The SDK's 2026-07-28 handler checks `Mcp-Param-*` headers (SEP-2243) against the input
   * schema it finds here, which it knows only for tools registered through it: Portico's are
   * served by its own handler, so it gives their schemas (an SDK internal, pinned by the
   * conformance suite's header scenario).
   */
  override toolInputSchemaJson(name: string): Record<string, unknown> | undefined {
    return this.#inputSchemas.get(name)
  }

  override connect(transport: Transport): Promise<void> {
    adaptSdkAnswers(transport, this.#era)
    return super.connect(transport)
  }
}
