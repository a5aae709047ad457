import { logger } from '../../../core/logger.js'
import {
  MAX_QUEUED_NOTIFICATIONS,
  MAX_SUBSCRIBED,
  type McpSubscriptions,
  type Subscriber,
} from './create-subscriptions.js'

/** The resources one 2025 session subscribed to (`resources/subscribe`). */
export interface SessionSubscriptions {
  /** Subscribes to `uri`; false when the session already names {@link MAX_SUBSCRIBED}. */
  add(uri: string): boolean
  remove(uri: string): void
  /** Ends them all: the session closed. */
  close(): void
}

/**
 * A session's subscriptions, registered with `subscriptions` from the first on: each change of a
 * named resource is sent with `send` (the SDK server's `notifications/resources/updated`). A
 * session whose sends pile up past {@link MAX_QUEUED_NOTIFICATIONS} (a client that stopped
 * reading its stream) loses its subscriptions, so that it cannot hold memory without limit.
 */
export function sessionSubscriptions(
  subscriptions: McpSubscriptions,
  send: (uri: string) => Promise<void>,
): SessionSubscriptions {
  const uris = new Set<string>()
  let pending = 0
  let unregister: (() => void) | undefined
  const close = () => {
    uris.clear()
    unregister?.()
    unregister = undefined
  }
  const subscriber: Subscriber = {
    owner: '',
    uris,
    taskIds: new Set(),
    resourceUpdated(uri) {
      if (pending >= MAX_QUEUED_NOTIFICATIONS) {
        logger.warn('A session fell behind its resource notifications: its subscriptions end')
        close()
        return
      }
      pending += 1
      send(uri)
        .catch(() => {})
        .finally(() => {
          pending -= 1
        })
    },
    taskChanged() {},
  }
  return {
    add(uri) {
      if (uris.has(uri)) return true
      if (uris.size >= MAX_SUBSCRIBED) return false
      uris.add(uri)
      if (unregister) subscriptions.reindex(subscriber)
      else unregister = subscriptions.add(subscriber)
      return true
    },
    remove(uri) {
      if (!uris.delete(uri) || !unregister) return
      subscriptions.reindex(subscriber)
    },
    close,
  }
}
