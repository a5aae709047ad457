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
  /** Forwarded headers are ignored unless a proxy is known to set them. */
  trustProxy: false,
} as const
