import { createRequire } from 'node:module'
import type { InvalidArgumentError } from 'commander'

/** Where a server listens: `--port` over `PORT` over 4321; `--host` over `HOST` over loopback. */
export interface ListenOptions {
  port: number
  host: string
}

/** Default port of `portico dev` and `portico start`, as the docs and the README promise. */
export const defaultPort = 4321

/** Loopback by default: a server reachable from the network is a choice, made with HOST. */
export const defaultHost = '127.0.0.1'

/** The port number `value` names, if it names one (0 to 65535). */
export function portOf(value: string): number | undefined {
  const port = Number(value)
  return Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : undefined
}

// Commander is required only to refuse a value: `portico start` answers without loading it.
const requireFromPortico = createRequire(import.meta.url)

/** Commander parser of a port number. */
export function parsePort(value: string): number {
  const port = portOf(value)
  if (port === undefined) {
    const commander = requireFromPortico('commander') as {
      InvalidArgumentError: typeof InvalidArgumentError
    }
    throw new commander.InvalidArgumentError(`"${value}" is not a port number (0 to 65535)`)
  }
  return port
}

/** Applies the environment under the flags. */
export function resolveListenOptions(flags: { port?: number; host?: string }): ListenOptions {
  return {
    port: flags.port ?? (process.env.PORT ? parsePort(process.env.PORT) : defaultPort),
    host: flags.host ?? (process.env.HOST || defaultHost),
  }
}
