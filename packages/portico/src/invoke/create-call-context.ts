import type { JsonSchema } from '../core/json-schema.js'
import { logger } from '../core/logger.js'
import type { PorticoCaller } from '../core/plugin-context.js'
import { PorticoError } from '../core/portico-error.js'
import type {
  PorticoElicitContent,
  PorticoElicitForm,
  PorticoElicitRequest,
  PorticoElicitResult,
  PorticoRoot,
  PorticoSamplingResult,
  PorticoToolContext,
} from '../core/tool-context.js'
import { traceHooks } from '../core/trace-hooks.js'
import type { CompiledValidator } from './compile-validator.js'
import type { ToolChannel } from './tool-channel.js'

/** One call's context and what the runtime does with it. */
export interface CallContextHandle {
  /** The method's second parameter: the caller's fields in the authenticated modes, and the channel. */
  context: PorticoToolContext
  /** Rejects when the channel abandons the call (see `ToolChannel.onAbandon`), with its reason. */
  cancelled: Promise<never> | undefined
  /**
   * Whether the call was abandoned or its caller cancelled: a failure that follows is no fault
   * of the tool's. Read only once the call failed.
   */
  readonly wasCancelled: boolean
  /** Aborts the context's signal: the time limit passed. */
  abort(reason: unknown): void
  /** The call has answered: stops listening to the channel and mutes late progress and logs. */
  finish(): void
}

/** Where `ctx.resourceUpdated` sends: the serving parts' change bus (see `ToolRuntime`). */
export type ResourceNotifier = (uri: string) => Promise<void>

/** Longest URI `ctx.resourceUpdated` takes (`MAX_CHANGE_URI_LENGTH` of the change bus). */
const MAX_UPDATED_URI_LENGTH = 2048

/** `ctx.resourceUpdated`: checks the URI, then publishes it; a failure to publish is logged. */
async function resourceUpdated(
  toolId: string,
  uri: unknown,
  notify: ResourceNotifier | undefined,
  requestId: (() => string) | undefined,
): Promise<void> {
  if (typeof uri !== 'string' || uri === '' || uri.length > MAX_UPDATED_URI_LENGTH) {
    throw new TypeError(
      `${toolId}: ctx.resourceUpdated takes a resource URI, a non-empty string of at most ${MAX_UPDATED_URI_LENGTH} characters`,
    )
  }
  if (!notify) return
  try {
    await notify(uri)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    logger.warn(
      `${toolId}: could not tell subscribers that ${uri} changed: ${reason}`,
      ...(requestId ? [{ requestId: requestId() }] : []),
    )
  }
}

/** Compiles the schema of an elicitation's form, to check the client's answer against it. */
export type CompileAnswerSchema = (schema: JsonSchema) => CompiledValidator

const ELICIT_ACTIONS: ReadonlySet<unknown> = new Set(['accept', 'decline', 'cancel'])
const SAMPLING_ROLES: ReadonlySet<unknown> = new Set(['user', 'assistant'])
const SAMPLING_CONTENT_TYPES: ReadonlySet<unknown> = new Set(['text', 'image', 'audio'])

/**
 * The context of one call. Its signal is made on first read, since most methods never read
 * it; progress and logs go to the channel while the call runs, and values of `done` that do
 * not increase are dropped (MCP requires progress to increase). Elicitation and sampling fail
 * with a clear message where the channel cannot ask (REST, a client without the capability),
 * and the client's answers are checked before the method sees them.
 */
export function createCallContext(
  toolId: string,
  caller: PorticoCaller | undefined,
  channel: ToolChannel | undefined,
  compileAnswerSchema: CompileAnswerSchema,
  notifyResource?: () => ResourceNotifier | undefined,
): CallContextHandle {
  let controller: AbortController | undefined
  let abortReason: { reason: unknown } | undefined
  let finished = false
  let abandoned = false
  let lastProgress = Number.NEGATIVE_INFINITY
  let stopListening = () => {}
  const abort = (reason: unknown) => {
    abortReason ??= { reason }
    if (controller && !controller.signal.aborted) controller.abort(reason)
  }
  // The channel's signal is read only when the method reads its own: making it costs.
  const signalOf = (): AbortSignal => {
    if (controller) return controller.signal
    controller = new AbortController()
    const own = controller
    const source = channel?.signal?.()
    if (abortReason) own.abort(abortReason.reason)
    else if (source?.aborted) own.abort(source.reason)
    else if (source && !finished) {
      const follow = () => own.abort(source.reason)
      source.addEventListener('abort', follow, { once: true })
      stopListening = () => source.removeEventListener('abort', follow)
    }
    return own.signal
  }
  const abandonment = channel?.onAbandon
    ? new Promise<never>((_, reject) => {
        channel.onAbandon?.((reason) => {
          abandoned = true
          abort(reason)
          reject(asCancellation(toolId, reason))
        })
      })
    : undefined
  // Only a race listens to it; a call that finished first must not leave it unhandled.
  abandonment?.catch(() => {})

  // The caller's fields first: a token claim cannot shadow the channel's members.
  const context: PorticoToolContext = {
    ...caller,
    get signal() {
      return signalOf()
    },
    progress: (done, total, message) => {
      if (finished || !channel?.progress || !(done > lastProgress)) return Promise.resolve()
      lastProgress = done
      return channel.progress(done, total, message)
    },
    log: (level, data) =>
      finished || !channel?.log ? Promise.resolve() : channel.log(level, data),
    elicit: async (request, options) => {
      if (!channel?.elicit) throw cannotAsk(toolId, 'elicit')
      const answer = await channel.elicit(request, options)
      return checkElicitAnswer(toolId, answer, request, compileAnswerSchema)
    },
    sample: async (request, options) => {
      if (!channel?.sample) throw cannotAsk(toolId, 'sample')
      return checkSamplingAnswer(toolId, await channel.sample(request, options))
    },
    roots: async (options) => {
      if (!channel?.roots) throw cannotAsk(toolId, 'roots')
      return checkRootsAnswer(toolId, await channel.roots(options))
    },
    closeStream: () => {
      if (finished || !channel?.closeStream) return false
      channel.closeStream()
      return true
    },
    resourceUpdated: (uri) => resourceUpdated(toolId, uri, notifyResource?.(), channel?.requestId),
    // Read when the method reads it: the span active then is the tool's own.
    get trace() {
      return traceHooks()?.activeTrace()
    },
  }
  return {
    context,
    cancelled: abandonment,
    get wasCancelled() {
      return abandoned || channel?.signal?.()?.aborted === true
    },
    abort,
    finish: () => {
      finished = true
      stopListening()
    },
  }
}

function asCancellation(toolId: string, reason: unknown): PorticoError {
  if (reason instanceof PorticoError) return reason
  return new PorticoError('execution', `The call of ${toolId} was cancelled by its client`, {
    cause: reason,
  })
}

const FEATURES = { elicit: 'elicitation', sample: 'sampling', roots: 'roots' } as const

function cannotAsk(toolId: string, what: keyof typeof FEATURES): PorticoError {
  const feature = FEATURES[what]
  // The caller's limit, not a fault of the tool's: a 400, and nothing in the server log.
  return new PorticoError(
    'bad_request',
    `${toolId} called ctx.${what}, but its caller cannot answer: ${feature} needs an MCP client that declares the ${feature} capability (a REST call cannot answer)`,
  )
}

function checkElicitAnswer<Form extends PorticoElicitForm>(
  toolId: string,
  answer: unknown,
  request: PorticoElicitRequest<Form>,
  compileAnswerSchema: CompileAnswerSchema,
): PorticoElicitResult<PorticoElicitContent<Form>> {
  if (!isObject(answer) || !ELICIT_ACTIONS.has(answer.action)) {
    throw badAnswer(toolId, 'elicitation', 'it has no action accept, decline or cancel')
  }
  if (answer.action !== 'accept') return { action: answer.action as 'decline' | 'cancel' }
  const content = answer.content ?? {}
  if (!isObject(content)) throw badAnswer(toolId, 'elicitation', 'its content is not an object')
  const failures = compileAnswerSchema(request.requestedSchema as unknown as JsonSchema)(content)
  if (failures.length > 0) {
    const detail = failures.map((failure) => `${failure.path || '/'} ${failure.message}`).join('; ')
    throw badAnswer(toolId, 'elicitation', `its content does not match the form (${detail})`)
  }
  // The form's type holds: the content was just checked against the form.
  return { action: 'accept', content: content as unknown as PorticoElicitContent<Form> }
}

function checkSamplingAnswer(toolId: string, answer: unknown): PorticoSamplingResult {
  const content = isObject(answer) ? answer.content : undefined
  if (
    !isObject(answer) ||
    !SAMPLING_ROLES.has(answer.role) ||
    typeof answer.model !== 'string' ||
    !isObject(content) ||
    !SAMPLING_CONTENT_TYPES.has(content.type)
  ) {
    throw badAnswer(toolId, 'sampling', 'it is not a message with role, content and model')
  }
  return answer as unknown as PorticoSamplingResult
}

function checkRootsAnswer(toolId: string, answer: unknown): PorticoRoot[] {
  const roots = isObject(answer) ? answer.roots : undefined
  if (
    !Array.isArray(roots) ||
    !roots.every((root) => isObject(root) && typeof root.uri === 'string')
  ) {
    throw badAnswer(toolId, 'roots request', 'it is not a list of roots with a uri each')
  }
  return roots.map((root) => ({
    uri: root.uri as string,
    ...(typeof root.name === 'string' ? { name: root.name } : {}),
  }))
}

function badAnswer(toolId: string, what: string, why: string): PorticoError {
  return new PorticoError(
    'execution',
    `The client's answer to the ${what} of ${toolId} is invalid: ${why}`,
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
