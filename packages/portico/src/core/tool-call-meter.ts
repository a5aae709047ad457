/**
 * Records one tool call once it settles: the tool's id, how long it took in seconds, and its
 * outcome: `ok`, or the kind of the error it ended with (`validation`, `execution`, `timeout`…).
 */
export type ToolCallMeter = (toolId: string, seconds: number, outcome: string) => void

const installed: { meter: ToolCallMeter | undefined } = { meter: undefined }

/**
 * Installs (or, with `undefined`, removes) what records each tool call: the metrics endpoint's
 * `portico.tool.duration` when metrics are on. Absent, a call pays one property read.
 */
export function installToolCallMeter(meter: ToolCallMeter | undefined): void {
  installed.meter = meter
}

/** The installed meter: `undefined` while metrics are off. */
export function toolCallMeter(): ToolCallMeter | undefined {
  return installed.meter
}

/** `call`, recorded by `meter` once it settles. */
export function measureToolCall<T>(
  meter: ToolCallMeter,
  toolId: string,
  call: Promise<T>,
): Promise<T> {
  const started = performance.now()
  const seconds = () => (performance.now() - started) / 1000
  return call.then(
    (result) => {
      meter(toolId, seconds(), 'ok')
      return result
    },
    (error: unknown) => {
      meter(toolId, seconds(), outcomeOf(error))
      throw error
    },
  )
}

/** A Portico error's kind, else `execution`: anything else a tool throws fails it so. */
function outcomeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const { kind } = error as { kind: unknown }
    if (typeof kind === 'string') return kind
  }
  return 'execution'
}
