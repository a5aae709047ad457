import type { LogFormat } from '../core/logger.js'

/** `PORTICO_LOG_FORMAT` (`json` or `pretty`) when set, else the command's own default. */
export function logFormatFromEnvironment(fallback: LogFormat): LogFormat {
  const chosen = process.env.PORTICO_LOG_FORMAT
  return chosen === 'json' || chosen === 'pretty' ? chosen : fallback
}
