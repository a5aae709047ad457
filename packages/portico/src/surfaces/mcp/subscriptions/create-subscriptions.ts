import { logger } from '../../../core/logger.js'
import type { McpChange, McpNotificationBus } from '../../../stores/mcp-notification-bus.js'
import type { McpTaskState } from '../../../stores/mcp-task-store.js'

/**
 * How much one subscriber may fall behind: notifications queued for it and not yet taken by its
 * connection. Past it the subscriber is dropped (its stream closed), so that a slow or vanished
 * client cannot grow the server's memory; it reconnects and reads what it missed.
 */
export const MAX_QUEUED_NOTIFICATIONS = 64

/** Most resources or tasks one subscriber may name (a `subscriptions/listen` filter, a session). */
export const MAX_SUBSCRIBED = 256

/** One client that listens: what it named, and how it is told. */
export interface Subscriber {
  /** Whose tasks it may hear of: the caller's uid (`''` in mode anon). */
  owner: string
  uris: ReadonlySet<string>
  taskIds: ReadonlySet<string>
  /** Tells it that the resource changed. */
  resourceUpdated(uri: string): void
  /** Tells it the task's state, as `tasks/get` shows it. */
  taskChanged(task: McpTaskState): void
}

/**
 * The subscribers this replica holds, and the bus that tells it of changes on every replica:
 * each change reaches the subscribers that named it. A task change is read from the store once
 * per owner, and only a subscriber whose caller owns the task hears of it.
 */
export interface McpSubscriptions {
  /** Adds a subscriber until the returned function is called. */
  add(subscriber: Subscriber): () => void
  /** Re-reads what a subscriber names (a 2025 session that subscribed or unsubscribed). */
  reindex(subscriber: Subscriber): void
}

/** Creates the subscriptions of one process over `bus`; `readTask` is `tasks/get`'s read. */
export function createSubscriptions(
  bus: McpNotificationBus,
  readTask: (taskId: string, owner: string) => Promise<McpTaskState | undefined>,
): McpSubscriptions {
  const byUri = new Map<string, Set<Subscriber>>()
  const byTask = new Map<string, Set<Subscriber>>()
  const indexed = new Map<Subscriber, { uris: string[]; taskIds: string[] }>()
  const unindex = (subscriber: Subscriber) => {
    const keys = indexed.get(subscriber)
    if (!keys) return
    indexed.delete(subscriber)
    for (const uri of keys.uris) remove(byUri, uri, subscriber)
    for (const taskId of keys.taskIds) remove(byTask, taskId, subscriber)
  }
  const index = (subscriber: Subscriber) => {
    unindex(subscriber)
    const keys = { uris: [...subscriber.uris], taskIds: [...subscriber.taskIds] }
    indexed.set(subscriber, keys)
    for (const uri of keys.uris) insert(byUri, uri, subscriber)
    for (const taskId of keys.taskIds) insert(byTask, taskId, subscriber)
  }
  const onChange = (change: McpChange) => {
    if (change.kind === 'resource') {
      for (const subscriber of byUri.get(change.uri) ?? []) subscriber.resourceUpdated(change.uri)
      return
    }
    const subscribers = byTask.get(change.taskId)
    if (!subscribers) return
    const reads = new Map<string, Promise<McpTaskState | undefined>>()
    for (const subscriber of subscribers) {
      let read = reads.get(subscriber.owner)
      if (!read) {
        read = readTask(change.taskId, subscriber.owner).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error)
          logger.warn(`A task change was not read for its subscribers: ${reason}`)
          return undefined
        })
        reads.set(subscriber.owner, read)
      }
      void read.then((task) => {
        if (task && indexed.has(subscriber)) subscriber.taskChanged(task)
      })
    }
  }
  bus.subscribe(onChange)
  return {
    add(subscriber) {
      index(subscriber)
      return () => unindex(subscriber)
    },
    reindex: index,
  }
}

function insert(map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): void {
  const set = map.get(key)
  if (set) set.add(subscriber)
  else map.set(key, new Set([subscriber]))
}

function remove(map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): void {
  const set = map.get(key)
  if (!set) return
  set.delete(subscriber)
  if (set.size === 0) map.delete(key)
}
