import type { PorticoCaller } from '../../../core/plugin-context.js'

/** A request admitted to an MCP endpoint (Host, Origin, token): its caller, in the authenticated modes. */
export interface McpAdmission {
  caller?: PorticoCaller
}

/** What the `node:http` edge admitted, by the Node request it then handed on to the app. */
const byIncoming = new WeakMap<object, McpAdmission>()
/** The same, by the Fetch request the adapter made of it. */
const byRequest = new WeakMap<Request, McpAdmission>()

/**
 * Notes that the edge admitted `incoming` before handing it on to the app, so that the route
 * does not check it again: a second check of a DPoP proof would find it used already, and a
 * token would be verified twice.
 */
export function handOverAdmission(incoming: object, admission: McpAdmission): void {
  byIncoming.set(incoming, admission)
}

/**
 * Carries the edge's admission from the Node request to the Fetch request the adapter made of
 * it, from the bindings `@hono/node-server` passes (`{ incoming }`); other runtimes pass none.
 */
export function carryAdmission(request: Request, bindings: unknown): void {
  const incoming = (bindings as { incoming?: object } | undefined)?.incoming
  const admission = incoming === undefined ? undefined : byIncoming.get(incoming)
  if (admission) byRequest.set(request, admission)
}

/** The edge's admission of `request`, when the edge admitted it (see {@link carryAdmission}). */
export function admissionOf(request: Request): McpAdmission | undefined {
  return byRequest.get(request)
}
