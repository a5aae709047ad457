import type { AudioContent, ImageContent, TextContent } from './tool-content.js'
import type { PorticoTraceContext } from './trace-hooks.js'

/** The severity of a log message, as MCP and syslog (RFC 5424) name them, lowest first. */
export type PorticoLogLevel =
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'critical'
  | 'alert'
  | 'emergency'

/** One field a form elicitation asks for: a string, number, integer, boolean or enum. */
export interface PorticoElicitField {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array'
  title?: string
  description?: string
  default?: string | number | boolean | readonly string[]
  /** A single choice among strings (type `string`). */
  enum?: readonly string[]
  /** Display names of `enum`, in the same order. */
  enumNames?: readonly string[]
  /** The choices of a multi-select (type `array`). */
  items?:
    | { type: 'string'; enum: readonly string[] }
    | { anyOf: readonly { const: string; title: string }[] }
  /** Single choices with titles (type `string`). */
  oneOf?: readonly { const: string; title: string }[]
  format?: 'email' | 'uri' | 'date' | 'date-time'
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
}

/** The form of an elicitation: a flat object of primitive fields, which the client shows. */
export interface PorticoElicitForm {
  type: 'object'
  properties: Readonly<Record<string, PorticoElicitField>>
  required?: readonly string[]
}

/** What `ctx.elicit` asks the user, as MCP's form-mode `elicitation/create` carries it. */
export interface PorticoElicitRequest<Form extends PorticoElicitForm = PorticoElicitForm> {
  message: string
  requestedSchema: Form
}

/** The values of an accepted form whose fields are not known from its type. */
export type PorticoElicitValues = Record<string, string | number | boolean | string[]>

/** The value the user gives for one field. */
type FieldValue<Field> = Field extends { type: 'array' }
  ? string[]
  : Field extends { type: 'number' | 'integer' }
    ? number
    : Field extends { type: 'boolean' }
      ? boolean
      : Field extends { enum: readonly (infer Choice extends string)[] }
        ? Choice
        : Field extends { oneOf: readonly { const: infer Choice extends string }[] }
          ? Choice
          : string

type RequiredOf<Form> = Form extends { required: readonly (infer Name)[] } ? Name : never

/**
 * The content of an accepted form, typed from the form written at the call: each field by its
 * type (an `enum` as its choices), required fields present, the others optional. Sound because
 * the runtime checks the client's answer against the form before the method sees it. A form
 * whose fields are not literal reads as {@link PorticoElicitValues}.
 */
export type PorticoElicitContent<Form extends PorticoElicitForm> =
  string extends keyof Form['properties']
    ? PorticoElicitValues
    : {
        -readonly [Name in keyof Form['properties'] & RequiredOf<Form>]: FieldValue<
          Form['properties'][Name]
        >
      } & {
        -readonly [Name in Exclude<keyof Form['properties'], RequiredOf<Form>>]?: FieldValue<
          Form['properties'][Name]
        >
      }

/** The user's answer to an elicitation: the form's values, or a refusal. */
export type PorticoElicitResult<Content = PorticoElicitValues> =
  | { action: 'accept'; content: Content }
  | { action: 'decline' | 'cancel' }

/** One message of a sampling request or its answer. */
export interface PorticoSamplingMessage {
  role: 'user' | 'assistant'
  content: TextContent | ImageContent | AudioContent
}

/** What `ctx.sample` asks the client's model, as MCP's `sampling/createMessage` carries it. */
export interface PorticoSamplingRequest {
  messages: PorticoSamplingMessage[]
  maxTokens: number
  systemPrompt?: string
  temperature?: number
  stopSequences?: string[]
  includeContext?: 'none' | 'thisServer' | 'allServers'
  modelPreferences?: {
    hints?: { name?: string }[]
    costPriority?: number
    speedPriority?: number
    intelligencePriority?: number
  }
}

/** The client model's answer to a sampling request. */
export interface PorticoSamplingResult extends PorticoSamplingMessage {
  model: string
  stopReason?: string
}

/** A root the client lets the server see: a `file://` URI, and a name to show. */
export interface PorticoRoot {
  uri: string
  name?: string
}

/** Options of the context's asks (`elicit`, `sample`, `roots`). */
export interface PorticoAskOptions {
  /**
   * The ask's key in a 2026-07-28 `input_required` result, under which the client answers it;
   * by default its kind and place (`elicit-0`, `sample-1`, `roots-2`). Unused in 2025.
   */
  key?: string
}

/**
 * What every tool method can do with the client that called it, in every auth mode: the second
 * parameter of a method (with the caller's identity in the authenticated modes, see
 * `PorticoPluginContext`). Over REST, progress and logs go nowhere and elicitation and sampling
 * fail, since a REST caller cannot answer.
 *
 * @example
 * import type { PorticoToolContext } from 'portico'
 * export class Import {
 *   async run({ urls }: { urls: string[] }, ctx: PorticoToolContext) {
 *     for (const [index, url] of urls.entries()) {
 *       await fetch(url, { signal: ctx.signal })
 *       await ctx.progress(index + 1, urls.length, `Fetched ${url}`)
 *     }
 *   }
 * }
 */
export interface PorticoToolContext {
  /**
   * Aborted when the call stops mattering: the client cancelled it or went away, or the tool's
   * time limit passed. Pass it to `fetch` and other cancellable work.
   */
  readonly signal: AbortSignal
  /**
   * Reports how far the call has come, as MCP progress notifications, when the client asked for
   * them (it sent a `progressToken`); otherwise does nothing. `done` must increase from call to
   * call.
   */
  progress(done: number, total?: number, message?: string): Promise<void>
  /** Sends a log message to the client (`notifications/message`), above the level it set. */
  log(level: PorticoLogLevel, data: unknown): Promise<void>
  /**
   * Asks the user for input through the client's form. In protocol 2026-07-28 the method is run
   * again from its start with the answers once the client has them (see docs/mcp.md): work
   * before `elicit` must be safe to repeat. Asks made at once (`Promise.all`) go in one round.
   * Rejects when the client cannot answer (REST, or no `elicitation` capability).
   */
  elicit<const Form extends PorticoElicitForm>(
    request: PorticoElicitRequest<Form>,
    options?: PorticoAskOptions,
  ): Promise<PorticoElicitResult<PorticoElicitContent<Form>>>
  /**
   * Asks the client's model for a completion; replayed like {@link elicit} in 2026-07-28.
   * Rejects when the client did not declare `sampling`.
   *
   * @deprecated MCP deprecates sampling (SEP-2577): few clients offer it, and a server that needs
   * a model should call one itself, with its own key. Use your model provider's API from the tool.
   */
  sample(
    request: PorticoSamplingRequest,
    options?: PorticoAskOptions,
  ): Promise<PorticoSamplingResult>
  /**
   * Asks the client for its roots (the folders it shares); replayed like {@link elicit}.
   * Rejects when the client did not declare `roots`.
   *
   * @deprecated MCP deprecates roots (SEP-2577): a remote server cannot open the client's folders,
   * and few clients offer them. Take the paths or URIs the tool needs as input, or ask with
   * {@link elicit}.
   */
  roots(options?: PorticoAskOptions): Promise<PorticoRoot[]>
  /**
   * Closes the HTTP stream the call answers on, so that a long call holds no connection while
   * it works: the client reconnects after the server's retry interval (1 s) with
   * `Last-Event-ID` and receives what was sent meanwhile, the result last (MCP's SSE polling,
   * SEP-1699). Only a stateful MCP session of revision 2025-11-25, whose events are stored, can
   * do so: there it returns true. Anywhere else (REST, stateless MCP, 2026-07-28, a client that
   * takes JSON answers) it does nothing and returns false.
   */
  closeStream(): boolean
  /**
   * Tells the MCP clients subscribed to the resource at `uri` that it changed, so that they read
   * it again: `notifications/resources/updated`, on every replica (through Redis when
   * `PORTICO_REDIS_URL` is set), to 2025 sessions that sent `resources/subscribe` and to
   * 2026-07-28 `subscriptions/listen` streams that name it. Call it once the change is made (after
   * the write, not before). From any call, REST ones too. Resolves once sent; a failure to send
   * is logged, not thrown, since the change itself was made. Rejects a `uri` that is not a
   * non-empty string of at most 2,048 characters.
   */
  resourceUpdated(uri: string): Promise<void>
  /**
   * The trace this call belongs to, while tracing is on (`OTEL_EXPORTER_OTLP_ENDPOINT`, see
   * docs/observability.md): the ids and the `traceparent` of the tool's own span, to pass on to
   * a client that does not use `fetch` (a queue, a database driver). `fetch` sends it on by
   * itself. `undefined` while tracing is off.
   */
  readonly trace: PorticoTraceContext | undefined
}
