/**
 * The W3C trace context of the span under way, as a tool's `ctx.trace` shows it: what a tool
 * passes on by hand to a client that does not use `fetch` (a queue, a database driver).
 */
export interface PorticoTraceContext {
  /** 32 hex digits: the trace this call belongs to. */
  traceId: string
  /** 16 hex digits: the tool's own span. */
  spanId: string
  /** `00-<traceId>-<spanId>-<flags>`, the `traceparent` header to send on. */
  traceparent: string
  /** The `tracestate` header to send on, when the trace has one. */
  tracestate?: string
}

/**
 * What tracing does at the few points the server calls it. Installed by `startTracing` when the
 * `OTEL_*` variables ask for traces; absent otherwise, so each point costs one property read.
 */
export interface TraceHooks {
  /**
   * Answers one MCP request within its server span (`tools/call Notes_list`), a child of the
   * request's `params._meta.traceparent` when it has one, else of the HTTP request's span.
   */
  answerMcp(message: unknown, headers: Headers, answer: () => Promise<Response>): Promise<Response>
  /**
   * Runs a tool, a resource template or a prompt method (`kind`, and its id: a tool id, a
   * template id, a prompt name) in its own span, active while it runs.
   */
  runMethod<T>(kind: TracedMethodKind, id: string, run: () => Promise<T>): Promise<T>
  /** The active span's context, if any. */
  activeTrace(): PorticoTraceContext | undefined
  /**
   * The id of the request being served: its trusted proxy's `X-Request-Id`, else its trace id;
   * `undefined` outside a request.
   */
  activeRequestId(): string | undefined
}

/** What a traced method is: each kind has its span's name and attributes. */
export type TracedMethodKind = 'tool' | 'prompt' | 'resource'

const installed: { hooks: TraceHooks | undefined } = { hooks: undefined }

/** Installs (or, with `undefined`, removes) the hooks every traced point calls. */
export function installTraceHooks(hooks: TraceHooks | undefined): void {
  installed.hooks = hooks
}

/** The installed hooks: `undefined` while tracing is off. */
export function traceHooks(): TraceHooks | undefined {
  return installed.hooks
}
