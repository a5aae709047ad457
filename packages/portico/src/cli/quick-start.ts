import { portOf } from './listen-options.js'
import type { ListenFlags } from './serve-folder.js'

/** `portico start` with plain arguments, read without Commander. */
export interface QuickStart {
  dir: string
  flags: ListenFlags
}

/**
 * Reads `start [dir] [-p|--port <port>] [-H|--host <host>]` when every argument is one of
 * those, in plain form, with a valid port (also in PORT): loading Commander adds 5–10 ms to
 * a cold start. Anything else (help, `--port=…`, a bad value, a typo) returns
 * undefined and goes to Commander, which owns every message.
 */
export function readQuickStart(argv: readonly string[]): QuickStart | undefined {
  if (argv[0] !== 'start') return undefined
  if (process.env.PORT && portOf(process.env.PORT) === undefined) return undefined
  const dirs: string[] = []
  const flags: ListenFlags = {}
  for (let index = 1; index < argv.length; index++) {
    const argument = argv[index] ?? ''
    if (!argument.startsWith('-')) {
      dirs.push(argument)
      continue
    }
    const value = argv[++index]
    if (value === undefined || value.startsWith('-')) return undefined
    if (argument === '-p' || argument === '--port') {
      const port = portOf(value)
      if (port === undefined) return undefined
      flags.port = port
    } else if (argument === '-H' || argument === '--host') flags.host = value
    else return undefined
  }
  return dirs.length > 1 ? undefined : { dir: dirs[0] ?? '.', flags }
}
