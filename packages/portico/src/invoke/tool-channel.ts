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
  /**
   * The signal aborted when the caller cancels or goes away. Called only when the method reads
   * its own `ctx.signal` (or to tell a cancelled call's failure from a fault), so a surface may
   * make it then: most methods never read it.
   */
  signal?(): AbortSignal | undefined
  /**
   * Called once as the call starts with a function that abandons it: the runtime stops waiting
   * at once (with `reason`) and aborts the method's signal. Input rounds end a round so.
   */
  onAbandon?(abandon: (reason: unknown) => void): void
  progress?(done: number, total: number | undefined, message: string | undefined): Promise<void>
  log?(level: PorticoLogLevel, data: unknown): Promise<void>
  /** Resolves with the client's answer as it came: the runtime checks it. */
  elicit?(request: PorticoElicitRequest, options: PorticoAskOptions | undefined): Promise<unknown>
  sample?(request: PorticoSamplingRequest, options: PorticoAskOptions | undefined): Promise<unknown>
  roots?(options: PorticoAskOptions | undefined): Promise<unknown>
  /** How long the call may run, over `limits.toolTimeoutMs` (a task's `limits.mcpTaskTimeoutMs`). */
  timeoutMs?: number
  /** Closes the stream the call answers on, for the client to resume it (`ctx.closeStream`). */
  closeStream?(): void
  /**
   * The id of the request the call serves (see `requestIdOf`), asked only when the call fails
   * unexpectedly: its log line and its answer quote it.
   */
  requestId?(): string
}
