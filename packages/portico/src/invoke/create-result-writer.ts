import { configDefaults } from '../config/config-defaults.js'
import { logger } from '../core/logger.js'
import { PorticoError } from '../core/portico-error.js'
import { markRequestId } from '../core/request-id.js'

/**
 * Writes a tool's result, as the runtime resolved it, as the JSON text its answer is made of.
 * Throws an `execution` {@link PorticoError} when that text is over `limits.resultBytes`, logged
 * with the id of the request (`requestId`, asked only then) that its answer quotes too.
 */
export type ResultWriter = (toolId: string, result: unknown, requestId?: () => string) => string

/**
 * The one serialisation of a tool's result that REST and MCP answer with, held to `limitBytes`
 * (`limits.resultBytes`) of UTF-8. The text is measured, not written again. Over the limit, or
 * too long for a string at all, the call fails with an error that names the limit: shown in
 * production too, as it carries nothing of the result, and logged as the runtime logs a failed
 * call. A model that `portico build` wrote before the key existed has none: the default applies.
 */
export function createResultWriter(
  limitBytes: number = configDefaults.limits.resultBytes,
): ResultWriter {
  return (toolId, result, requestId) => {
    let json: string
    try {
      json = JSON.stringify(result) ?? 'null'
    } catch (error) {
      // The shaped result is plain JSON: only its length can stop it being written.
      if (!(error instanceof RangeError) || !/string length/i.test(error.message)) throw error
      throw refuse(`is longer than a string can hold`, toolId, limitBytes, requestId, error)
    }
    // UTF-8 takes one to three bytes per UTF-16 unit: count them only when that could matter.
    if (json.length * 3 > limitBytes) {
      const bytes = Buffer.byteLength(json)
      if (bytes > limitBytes) throw refuse(`is ${bytes} bytes`, toolId, limitBytes, requestId)
    }
    return json
  }
}

function refuse(
  size: string,
  toolId: string,
  limitBytes: number,
  requestIdOf: (() => string) | undefined,
  cause?: unknown,
): PorticoError {
  const error = new PorticoError(
    'execution',
    `The result of ${toolId} ${size}, over limits.resultBytes (${limitBytes})`,
    cause === undefined ? {} : { cause },
  )
  if (!requestIdOf) {
    logger.error(`${toolId} failed:`, error)
    return error
  }
  // The answer quotes the id the line carries, as for a failure inside the tool.
  const requestId = requestIdOf()
  markRequestId(error, requestId)
  logger.error(`${toolId} failed:`, error, { requestId })
  return error
}
