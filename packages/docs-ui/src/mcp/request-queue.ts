import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitResult,
  LoggingMessageNotificationParams,
} from '@modelcontextprotocol/client'
import type { ServerRequests } from './mcp-connection.js'

/** A request of the server waiting for the person's answer. */
export type PendingRequest =
  | {
      id: number
      kind: 'elicit'
      params: ElicitRequestFormParams
      answer: (result: ElicitResult) => void
    }
  | {
      id: number
      kind: 'sample'
      params: CreateMessageRequestParams
      answer: (result: CreateMessageResult) => void
      refuse: (reason: string) => void
    }

/**
 * The server's requests to the client, queued for the person at the page: the SDK's handlers
 * (see {@link ServerRequests}) wait on a promise that the pane settles with their answer.
 * `changed` is told the queue after every change; `logged` each log message.
 */
export class RequestQueue implements ServerRequests {
  private pending: PendingRequest[] = []
  private next = 0
  private readonly changed: (pending: PendingRequest[]) => void
  private readonly logged: (params: LoggingMessageNotificationParams) => void

  constructor(
    changed: (pending: PendingRequest[]) => void,
    logged: (params: LoggingMessageNotificationParams) => void,
  ) {
    this.changed = changed
    this.logged = logged
  }

  readonly elicit = (params: ElicitRequestParams): Promise<ElicitResult> => {
    // Only forms are declared: a URL-mode request is declined rather than left waiting.
    if (params.mode === 'url') return Promise.resolve({ action: 'decline' })
    return new Promise((resolve) => {
      const id = ++this.next
      this.add({ id, kind: 'elicit', params, answer: this.settle(id, resolve) })
    })
  }

  readonly sample = (params: CreateMessageRequestParams): Promise<CreateMessageResult> =>
    new Promise((resolve, reject) => {
      const id = ++this.next
      this.add({
        id,
        kind: 'sample',
        params,
        answer: this.settle(id, resolve),
        // The SDK answers the server with a JSON-RPC error carrying this message.
        refuse: this.settle(id, (reason: string) => reject(new Error(reason))),
      })
    })

  readonly log = (params: LoggingMessageNotificationParams): void => this.logged(params)

  /** Ends every waiting request, as when the call that asked ended or the client closed. */
  cancelAll(): void {
    for (const request of this.pending) {
      if (request.kind === 'elicit') request.answer({ action: 'cancel' })
      else request.refuse('The call ended before the person answered')
    }
  }

  private add(request: PendingRequest): void {
    this.pending = [...this.pending, request]
    this.changed(this.pending)
  }

  /** `settle`, once, after taking the request off the queue. */
  private settle<T>(id: number, settle: (value: T) => void): (value: T) => void {
    return (value) => {
      if (!this.pending.some((request) => request.id === id)) return
      this.pending = this.pending.filter((request) => request.id !== id)
      this.changed(this.pending)
      settle(value)
    }
  }
}
