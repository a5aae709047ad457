// Generated from src/config/config-types.ts by `npm run generate -w portico`; do not edit.

/** Every `@default` of `portico.config.ts`, by key path; `resolveConfig` applies them. */
export const configDefaults = {
  auth: 'anon',
  deploy: { audience: 'shared' },
  mcp: { servers: {}, external: {}, sessions: 'stateless' },
  prompts: [],
  style: { color: '#0f766e', icons: [] },
  limits: {
    bodyBytes: 1048576,
    resultBytes: 8388608,
    toolTimeoutMs: 30000,
    mcpSessions: 1000,
    mcpSessionsPerClient: 100,
    mcpSessionIdleMs: 600000,
    mcpStreams: 1000,
    mcpListPageSize: 500,
    mcpTaskTtlMs: 3600000,
    mcpTaskPollIntervalMs: 1000,
    mcpTasks: 10000,
    mcpTaskImmediateMs: 100,
    mcpTaskTimeoutMs: 3600000,
    eventLoopDelayMs: 200,
    headersTimeoutMs: 10000,
    requestTimeoutMs: 30000,
    shutdownMs: 10000,
  },
  server: { trustProxy: false, allowedHosts: [], allowBrowserOrigins: [], isolateTools: false },
} as const
