import type { AnswerHeaders } from '../../http/cors.js'

/** What a REST call needs of a request, whatever the runtime that received it. */
export interface RestRequest {
  method: string
  /** The URL path, without the query. */
  pathname: string
  contentType: string | null
  /** `Content-Encoding`: any but `identity` is refused (415), as no coding is decoded. */
  contentEncoding?: string | null | undefined
  /** Reads the body within the limit; rejects with a `payload_too_large` PorticoError beyond it. */
  readBody(limitBytes: number): Promise<Uint8Array>
  /** The `Authorization` and `DPoP` headers, the query string and the public origin, for the gate. */
  authorization: string | null
  dpop: string | null
  search: string
  origin(): string
  /**
   * `Host`, `Origin`, `Sec-Fetch-Site` and `X-Forwarded-Host`, for the host policy; absent as
   * null or undefined.
   */
  host: string | null | undefined
  forwardedHost?: string | null | undefined
  requestOrigin: string | null | undefined
  fetchSite: string | null | undefined
  /** `Prefer` (RFC 7240): `respond-async` makes a `@task` tool's call a task. */
  prefer?: string | null | undefined
  /**
   * The signal aborted when the client goes away: the tool's `ctx.signal` follows it. Called
   * only when the tool reads its own, so the runtime's edge may make it then.
   */
  signal?(): AbortSignal | undefined
  /**
   * The request's id (`requestIdOf`), asked only when the call fails: the problem document and
   * the log line quote it.
   */
  requestId?(): string
}

/** A REST answer as plain data, for the edge of each runtime to write. */
export interface RestAnswer {
  status: number
  headers: AnswerHeaders
  body: string
}
