/**
 * A call that fails at the protocol level rather than as the tool's result: a JSON-RPC error
 * the client must see as such (a forged `requestState`, malformed `inputResponses`, a
 * capability the client did not declare, a prompt that failed), with its HTTP status in 2026-07-28 (200 for an
 * error raised while serving, 400 for a missing capability, as the SDK answers them).
 */
export class McpCallError extends Error {
  override name = 'McpCallError'
  readonly code: number
  readonly httpStatus: number
  readonly data: Record<string, unknown> | undefined

  constructor(code: number, message: string, httpStatus: number, data?: Record<string, unknown>) {
    super(message)
    this.code = code
    this.httpStatus = httpStatus
    this.data = data
  }
}

/** -32602: the request's params are wrong. */
export function invalidParams(message: string): McpCallError {
  return new McpCallError(-32602, message, 200)
}

/** -32603: the server failed to answer, for a reason that is not the request's. */
export function internalError(message: string): McpCallError {
  return new McpCallError(-32603, message, 200)
}

/** -32021: the call needs a client capability the request did not declare. */
export function missingClientCapability(capability: string): McpCallError {
  return new McpCallError(-32021, `Missing required client capability: ${capability}`, 400, {
    requiredCapabilities: { [capability]: {} },
  })
}
