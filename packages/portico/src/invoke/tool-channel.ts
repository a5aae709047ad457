import type {
  PorticoAskOptions,
  PorticoElicitRequest,
  PorticoLogLevel,
  PorticoSamplingRequest,
} from '../core/tool-context.js'

/**
 * What the surface that received a call lets the tool do with its client, each member only
 * where that surface can: REST gives a signal alone, MCP what its era and transport allow. The
 * runtime turns it into the method's context (`createCallContext`).
 */
export interface ToolChannel {
  /** Aborted when the caller cancels or goes away. */
  signal?: AbortSignal
  progress?(done: number, total: number | undefined, message: string | undefined): Promise<void>
  log?(level: PorticoLogLevel, data: unknown): Promise<void>
  /** Resolves with the client's answer as it came: the runtime checks it. */
  elicit?(request: PorticoElicitRequest, options: PorticoAskOptions | undefined): Promise<unknown>
  sample?(request: PorticoSamplingRequest, options: PorticoAskOptions | undefined): Promise<unknown>
  roots?(options: PorticoAskOptions | undefined): Promise<unknown>
}
