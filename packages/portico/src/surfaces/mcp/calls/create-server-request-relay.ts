import { randomUUID } from 'node:crypto'
import { PorticoError } from '../../../core/portico-error.js'

/** A request this server sends its client, as the 2025 revisions carry it on a response stream. */
export interface ServerRequestMessage {
  jsonrpc: '2.0'
  id: string
  method: string
  params: unknown
}

/**
 * Requests from a stateless server to its client in the 2025 revisions (elicitation, sampling):
 * sent on the stream answering the call, their answer comes back as a separate POST, which any
 * per-request server could take. The relay gives each request an id no client can guess and
 * keeps it until the answer arrives on a POST of the same caller, in this process: one replica,
 * or sticky routing, or stateful sessions (`mcp.sessions`) across several.
 */
export interface ServerRequestRelay {
  /** Sends through `send` and resolves with the client's `result`; rejects with its `error`. */
  request(
    method: string,
    params: unknown,
    caller: string,
    signal: AbortSignal | undefined,
    send: (message: ServerRequestMessage) => void,
  ): Promise<unknown>
  /** Takes a POSTed body of answers to pending requests of this caller; `false` when it holds anything else. */
  deliver(body: unknown, caller: string): boolean
}

interface Pending {
  caller: string
  resolve(result: unknown): void
  reject(error: unknown): void
}

const ID_PREFIX = 'portico-'

/** `timeoutMs`: how long a request waits for its answer (a tool's time limit, at most). */
export function createServerRequestRelay(timeoutMs: number): ServerRequestRelay {
  const pending = new Map<string, Pending>()
  const answerOf = (message: unknown, caller: string): Pending | undefined => {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined
    const { jsonrpc, id, method } = message as Record<string, unknown>
    if (jsonrpc !== '2.0' || method !== undefined || typeof id !== 'string') return undefined
    if (!('result' in message) && !('error' in message)) return undefined
    const entry = pending.get(id)
    return entry?.caller === caller ? entry : undefined
  }
  return {
    request(method, params, caller, signal, send) {
      if (signal?.aborted) return Promise.reject(signal.reason)
      const id = `${ID_PREFIX}${randomUUID()}`
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          settle()
          reject(
            new PorticoError(
              'timeout',
              `The client did not answer ${method} within ${timeoutMs} ms`,
            ),
          )
        }, timeoutMs)
        const settle = () => {
          clearTimeout(timer)
          pending.delete(id)
          signal?.removeEventListener('abort', onAbort)
        }
        const onAbort = () => {
          settle()
          reject(signal?.reason)
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        pending.set(id, {
          caller,
          resolve: (result) => {
            settle()
            resolve(result)
          },
          reject: (error) => {
            settle()
            reject(error)
          },
        })
        send({ jsonrpc: '2.0', id, method, params })
      })
    },
    deliver(body, caller) {
      const messages = Array.isArray(body) ? body : [body]
      if (messages.length === 0 || !messages.every((message) => answerOf(message, caller)))
        return false
      for (const message of messages as Record<string, unknown>[]) {
        const entry = answerOf(message, caller) as Pending
        if ('error' in message) entry.reject(clientRefusal(message.error))
        else entry.resolve(message.result)
      }
      return true
    },
  }
}

function clientRefusal(error: unknown): PorticoError {
  const message =
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : 'no reason given'
  return new PorticoError('execution', `The client refused the request: ${message}`)
}
