/**
 * Every default of `portico.config.ts`, defined once. Docs and the config schema read from here.
 */
export const configDefaults = {
  /** No authentication: anyone who reaches the server may call every tool. */
  auth: 'anon',
  /** Accent colour of the docs site: a teal that reads on light and dark backgrounds. */
  styleColor: '#0f766e',
  /** 1 MiB: ample for tool inputs, small enough that a hostile body costs little. */
  bodyBytes: 1024 * 1024,
  /** 30 s: long enough for a slow upstream API, short enough that a stuck call frees its slot. */
  toolTimeoutMs: 30_000,
  /**
   * MCP sessions off: any replica answers any request, so a plugin scales out behind any
   * balancer, and the hot path answers `tools/call` without building an SDK server.
   */
  mcpSessionMode: 'stateless',
  /**
   * 1,000 sessions per process: each holds an SDK server, a transport and its recent events
   * (tens of KB idle), so the cap keeps a flood of `initialize` requests to tens of MB.
   */
  mcpSessions: 1000,
  /**
   * 10 min: longer than an agent usually pauses between calls, short enough that abandoned
   * sessions (clients rarely send `DELETE`) free their slot. A request in progress or an open
   * stream keeps a session alive.
   */
  mcpSessionIdleMs: 600_000,
  /**
   * 1,000 open `GET` streams per process: each holds a connection and a keep-alive timer, and a
   * client needs one per session; beyond it a `GET` is 503 with `Retry-After`.
   */
  mcpStreams: 1000,
  /**
   * 10 s for a request's headers: a real client sends them at once, so a trickle (slow-loris)
   * holds a connection for no longer than this.
   */
  headersTimeoutMs: 10_000,
  /** 30 s for a whole request: a body of `bodyBytes` arrives well within it on a slow link. */
  requestTimeoutMs: 30_000,
  /**
   * 10 s for the calls under way to finish on SIGTERM: within Kubernetes' default grace period
   * (30 s), so a rolling update cuts no call that finishes in time.
   */
  shutdownMs: 10_000,
  /** Forwarded headers are ignored unless a proxy is known to set them. */
  trustProxy: false,
} as const
