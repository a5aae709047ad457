import {
  type ConsolaInstance,
  type ConsolaReporter,
  createConsola,
  LogLevels,
  type LogObject,
} from 'consola/core'
import { loadConsola } from './load-consola.js'
import { traceHooks } from './trace-hooks.js'

/** How lines are written: for a person at a terminal, or as JSON lines for a log pipeline. */
export type LogFormat = 'pretty' | 'json'

// No throttle: consola folds lines it deems repeats (same text and enumerable fields, not the
// error's message) into "(repeated n times)", which would drop distinct failures and their stacks.
const options = { level: LogLevels.info, throttle: 0 }

let personConsola: ConsolaInstance | undefined
let toStderr = false

/**
 * Consola's reporters for a person (fancy at a terminal, basic in CI) with a full consola's
 * options, loaded with the first pretty line: the logger itself is consola's lighter core.
 */
const prettyReporter: ConsolaReporter = {
  log(entry) {
    personConsola ??= loadConsola().createConsola(
      toStderr ? { ...options, stdout: process.stderr } : options,
    )
    for (const reporter of personConsola.options.reporters) reporter.log(entry, personConsola)
  },
}

/**
 * The one logger of Portico: the CLI, the server and the tool runtime all write through it.
 * Pass an `Error` among the arguments to log its stack; pass a plain object to add fields (in
 * JSON lines they become keys). Never pass a request's headers: tokens must not reach a log.
 */
export const logger = createConsola({ ...options, reporters: [prettyReporter] })

let format: LogFormat = 'pretty'

/** Chooses the format of every line from now on (`portico start`: JSON lines; `portico dev`: pretty). */
export function setLogFormat(next: LogFormat): void {
  format = next
  logger.setReporters([next === 'json' ? jsonLinesReporter : prettyReporter])
}

/**
 * Writes every line to stderr from now on, whatever its level: `portico stdio`, whose stdout
 * carries the MCP messages and nothing else (a client cannot parse a log line among them).
 */
export function writeLogsToStderr(): void {
  toStderr = true
  personConsola = undefined
}

/** One served request, as the request log shows it. */
export interface RequestLogEntry {
  method: string
  /** The path without its query: a query may carry what must not be logged. */
  path: string
  status: number
  ms: number
}

/** Logs one served request: a short line for a person, or fields for a log pipeline. */
export function logRequest(entry: RequestLogEntry): void {
  if (format === 'json') logger.info('request', entry)
  else logger.log(`${entry.method} ${entry.path} ${entry.status} ${entry.ms} ms`)
}

/** `{"time","level","message",...fields,"error":{name,message,stack}}`, one per line. */
const jsonLinesReporter: ConsolaReporter = {
  log(entry: LogObject) {
    const words: string[] = []
    const fields: Record<string, unknown> = {}
    let error: Record<string, unknown> | undefined
    for (const argument of entry.args as unknown[]) {
      if (argument instanceof Error) error = describeError(argument)
      else if (isPlainObject(argument)) Object.assign(fields, argument)
      else words.push(String(argument))
    }
    // Within a traced request, its id and trace: a line is found from a span and the other way
    // round. Untraced, the lines of a request pass its `requestId` among their fields.
    const hooks = traceHooks()
    const trace = hooks?.activeTrace()
    const requestId = hooks?.activeRequestId()
    const line = {
      time: entry.date.toISOString(),
      level: entry.type,
      message: words.join(' '),
      ...(requestId ? { requestId } : {}),
      ...(trace ? { traceId: trace.traceId, spanId: trace.spanId } : {}),
      ...fields,
      ...(error ? { error } : {}),
    }
    const stream = toStderr || entry.level <= LogLevels.warn ? process.stderr : process.stdout
    stream.write(`${JSON.stringify(line)}\n`)
  },
}

function describeError(error: Error): Record<string, unknown> {
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(error.cause instanceof Error ? { cause: describeError(error.cause) } : {}),
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
