import { respond, withCors } from '../../../http/cors.js'
import type { McpTaskState } from '../../../stores/mcp-task-store.js'
import { declaresTasks, detailedTaskJson, TASKS_REQUIRED } from '../tasks/create-tasks-leg.js'
import { eraOfRequest } from '../wire/era-of-request.js'
import { isJsonObject, isPlainRequest } from '../wire/is-plain-request.js'
import type { McpLeg } from '../wire/mcp-leg.js'
import { acceptsEventStream } from '../wire/negotiate-answer-media.js'
import { META_SUBSCRIPTION_ID } from '../wire/protocol-versions.js'
import {
  MAX_QUEUED_NOTIFICATIONS,
  MAX_SUBSCRIBED,
  type McpSubscriptions,
} from './create-subscriptions.js'

/** Options of {@link createListenLeg}. */
export interface ListenLegOptions {
  subscriptions: McpSubscriptions
  /** Whether `uri` names a resource of the server the request was sent to. */
  knowsResource(server: string, uri: string): boolean
  /** Ends every stream with its result when aborted: the app is closing. */
  signal?: AbortSignal
}

/** An SSE comment every so often: a proxy keeps the stream, and a gone client is noticed. */
const KEEPALIVE_MS = 25_000

const jsonHeaders = withCors({ 'content-type': 'application/json' })
const streamHeaders = withCors({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
})
const encoder = new TextEncoder()

/**
 * `subscriptions/listen` (2026-07-28): a POST whose answer is a stream of notifications, first
 * `notifications/subscriptions/acknowledged` with what the server agreed to, then
 * `notifications/resources/updated` for each resource of `resourceSubscriptions` that changes
 * and `notifications/tasks` (the tasks extension, SEP-2663) for each task of `taskIds` whose state
 * changes, the caller's own only; every one carries the listen request's id under
 * `io.modelcontextprotocol/subscriptionId`. Portico's lists never change while it runs, so the
 * `*ListChanged` kinds are not agreed to. A URI the server does not know is left out of the
 * acknowledgement; `taskIds` needs the tasks extension declared (-32021). The stream ends with
 * the request's result when the server closes, or at once when the client falls more than
 * {@link MAX_QUEUED_NOTIFICATIONS} behind.
 */
export function createListenLeg(options: ListenLegOptions): McpLeg {
  const closers = new Set<() => void>()
  options.signal?.addEventListener('abort', () => {
    for (const close of [...closers]) close()
  })
  return ({ server, request, parsedBody: body, caller }) => {
    if (!isPlainRequest(body) || body.method !== 'subscriptions/listen') return undefined
    if (eraOfRequest((name) => request.headers.get(name), body) !== 'modern') return undefined
    const id = body.id
    const error = (status: number, code: number, message: string, data?: unknown) =>
      respond(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: { code, message, ...(data === undefined ? {} : { data }) },
        }),
        status,
        jsonHeaders,
      )
    const params = body.params ?? {}
    const filter = params.notifications
    if (!isJsonObject(filter)) return error(200, -32602, 'Invalid params: notifications')
    const uris = stringList(filter.resourceSubscriptions)
    const taskIds = stringList(filter.taskIds)
    if (uris === undefined || taskIds === undefined) {
      return error(
        200,
        -32602,
        `Invalid params: resourceSubscriptions and taskIds are lists of at most ${MAX_SUBSCRIBED} strings`,
      )
    }
    if (taskIds.length > 0 && !declaresTasks(params._meta)) {
      return error(200, -32021, 'Missing required client capability', TASKS_REQUIRED)
    }
    if (!acceptsEventStream(request.headers.get('accept'))) {
      return error(406, -32600, 'Not Acceptable: subscriptions/listen answers text/event-stream')
    }
    const honoredUris = uris.filter((uri) => options.knowsResource(server, uri))
    const meta = { [META_SUBSCRIPTION_ID]: id }
    const event = (message: unknown) =>
      encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`)
    let stop = () => {}
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          const honored = {
            ...(honoredUris.length > 0 ? { resourceSubscriptions: honoredUris } : {}),
            ...(taskIds.length > 0 ? { taskIds } : {}),
          }
          controller.enqueue(
            event({
              jsonrpc: '2.0',
              method: 'notifications/subscriptions/acknowledged',
              params: { notifications: honored, _meta: meta },
            }),
          )
          const send = (message: unknown) => {
            // Chunks queued, not yet read by the connection: a client that stopped reading.
            if ((controller.desiredSize ?? 0) < -MAX_QUEUED_NOTIFICATIONS) {
              stop()
              controller.error(new Error('The subscriber fell behind'))
              return
            }
            controller.enqueue(event(message))
          }
          const remove = options.subscriptions.add({
            owner: caller?.uid ?? '',
            uris: new Set(honoredUris),
            taskIds: new Set(taskIds),
            resourceUpdated: (uri) =>
              send({
                jsonrpc: '2.0',
                method: 'notifications/resources/updated',
                params: { uri, _meta: meta },
              }),
            taskChanged: (task: McpTaskState) =>
              send({
                jsonrpc: '2.0',
                method: 'notifications/tasks',
                params: { ...JSON.parse(detailedTaskJson(task)), _meta: meta },
              }),
          })
          const keepalive = setInterval(() => {
            if ((controller.desiredSize ?? 0) >= 0) controller.enqueue(encoder.encode(': \n\n'))
          }, KEEPALIVE_MS)
          keepalive.unref()
          const close = () => {
            stop()
            controller.enqueue(
              event({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: meta } }),
            )
            controller.close()
          }
          stop = () => {
            remove()
            clearInterval(keepalive)
            closers.delete(close)
          }
          closers.add(close)
        },
        cancel() {
          stop()
        },
      },
      // Nothing is read ahead: `desiredSize` is minus the chunks waiting for the connection.
      new CountQueuingStrategy({ highWaterMark: 0 }),
    )
    return respond(stream, 200, streamHeaders)
  }
}

/** `value` as a list of at most {@link MAX_SUBSCRIBED} strings (`[]` when absent), else undefined. */
function stringList(value: unknown): string[] | undefined {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.length > MAX_SUBSCRIBED) return undefined
  if (!value.every((item) => typeof item === 'string' && item !== '' && item.length <= 2048)) {
    return undefined
  }
  return [...new Set(value as string[])]
}
