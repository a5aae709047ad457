import type { McpChangeListener, McpNotificationBus } from './mcp-notification-bus.js'

/**
 * The {@link McpNotificationBus} of one process: a change reaches this process's listeners, on
 * the next turn (never inside the publisher's own call).
 */
export function createMemoryNotificationBus(): McpNotificationBus {
  const listeners = new Set<McpChangeListener>()
  return {
    publish(change) {
      for (const listener of listeners) queueMicrotask(() => listener(change))
      return Promise.resolve()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
