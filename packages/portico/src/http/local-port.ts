/** The local port of each request a Node adapter handed over, while the request lives. */
const localPorts = new WeakMap<Request, number>()

/**
 * Remembers the port a request's connection came in on, from the bindings `@hono/node-server`
 * passes with it (`{ incoming }`); other runtimes pass none, and nothing is remembered.
 */
export function rememberLocalPort(request: Request, bindings: unknown): void {
  const port = (bindings as { incoming?: { socket?: { localPort?: number } } } | undefined)
    ?.incoming?.socket?.localPort
  if (port !== undefined) localPorts.set(request, port)
}

/** The port a request's connection came in on, when its runtime told (see {@link rememberLocalPort}). */
export function localPortOf(request: Request): number | undefined {
  return localPorts.get(request)
}
