/**
 * A change that MCP clients may be listening for: a resource's contents (`ctx.resourceUpdated`)
 * or a task's state (stored by the task runner). It names what changed only; each replica reads
 * what it sends from its own model or the task store.
 */
export type McpChange = { kind: 'resource'; uri: string } | { kind: 'task'; taskId: string }

/** Called with each change published on any replica, this one included. */
export type McpChangeListener = (change: McpChange) => void

/**
 * How replicas tell each other that something changed, so that each one notifies the clients it
 * holds (`notifications/resources/updated`, `notifications/tasks`). In memory by default, per
 * process; through Redis pub/sub (`PORTICO_REDIS_URL`) across replicas. Delivery is at most
 * once: a change published while a replica cannot hear it is lost to that replica's clients, who
 * still read the resource or task itself.
 */
export interface McpNotificationBus {
  /** Tells every replica; resolves once sent (Redis: once the server took it). */
  publish(change: McpChange): Promise<void>
  /** Listens on this replica until the returned function is called. */
  subscribe(listener: McpChangeListener): () => void
}

/** Longest resource URI a change may name: longer ones are refused, never sent. */
export const MAX_CHANGE_URI_LENGTH = 2048

/** The change as a message, or `undefined` when it is none (another sender's, a corrupt one). */
export function readChange(text: string): McpChange | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { kind, uri, taskId } = value as Record<string, unknown>
  if (kind === 'resource' && typeof uri === 'string' && uri.length <= MAX_CHANGE_URI_LENGTH) {
    return { kind, uri }
  }
  if (kind === 'task' && typeof taskId === 'string') return { kind, taskId }
  return undefined
}
