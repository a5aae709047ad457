import { InvalidArgumentError } from 'commander'

/** Where a server listens: `--port` over `PORT` over 4321; `--host` over `HOST` over loopback. */
export interface ListenOptions {
  port: number
  host: string
}

/** Default port of `portico dev` and `portico start`, as the docs and the README promise. */
export const defaultPort = 4321

/** Loopback by default: a server reachable from the network is a choice, made with HOST. */
export const defaultHost = '127.0.0.1'

/** Commander parser of a port number. */
export function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidArgumentError(`"${value}" is not a port number (0 to 65535)`)
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
