import { authorizationHeaders, noteRefusedToken } from './access-token.js'
import { recordCall } from './call-history.js'
import { shellQuote } from './connect-snippets.js'

/** What a tool call answered, as the try-it panel shows it. */
export interface RestCallResult {
  status: number
  statusText: string
  /** From sending the request to reading the whole body. */
  ms: number
  headers: [name: string, value: string][]
  /** The body as received. */
  text: string
  /** The body parsed, when it is JSON. */
  json?: unknown
}

/** One place in the input that failed validation: `path` is a JSON Pointer into the input. */
export interface FieldError {
  path: string
  message: string
}

/**
 * POSTs `body` (JSON text, sent as typed) to a tool's REST URL with the stored access token.
 * The URL's path is fetched on this origin: the site is served by the same server, and in
 * development the dev server proxies it, where a cross-origin call would need CORS preflights.
 */
export async function callTool(
  url: string,
  body: string,
  /** Added to the request (`Prefer: respond-async` for a task). */
  extraHeaders: Record<string, string> = {},
): Promise<RestCallResult> {
  const { pathname, search } = new URL(url, location.href)
  const started = performance.now()
  // Each call goes into the tab's history (lib/call-history.ts): the input, never the headers.
  const remember = (status: number, outcome: 'answered' | 'not sent') =>
    recordCall({
      surface: 'rest',
      tool: pathname,
      input: body,
      status,
      outcome,
      ms: Math.round(performance.now() - started),
    })
  let response: Response
  try {
    response = await fetch(pathname + search, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...extraHeaders,
        ...authorizationHeaders(),
      },
      body,
    })
  } catch (error) {
    remember(0, 'not sent')
    throw error
  }
  if (response.status === 401) noteRefusedToken()
  const text = await response.text()
  const ms = Math.round(performance.now() - started)
  remember(response.status, 'answered')
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    headers: [...response.headers],
    text,
    ...parseJson(text),
  }
}

function parseJson(text: string): { json?: unknown } {
  try {
    return { json: JSON.parse(text) }
  } catch {
    return {}
  }
}

/** What an error answer (an RFC 9457 problem document) says, as far as the panel shows it. */
export interface ProblemSummary {
  title: string
  detail?: string
  /** Present in a validation problem (422). */
  errors: FieldError[]
}

/** Reads a problem document; `undefined` when the body is not one. */
export function readProblem(json: unknown): ProblemSummary | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const { title, detail, errors } = json as Record<string, unknown>
  if (typeof title !== 'string') return undefined
  return {
    title,
    ...(typeof detail === 'string' ? { detail } : {}),
    errors: Array.isArray(errors) ? errors.filter(isFieldError) : [],
  }
}

function isFieldError(value: unknown): value is FieldError {
  const { path, message } = (value ?? {}) as Record<string, unknown>
  return typeof path === 'string' && typeof message === 'string'
}

/** The same call as a `curl` line; the token stays a `$TOKEN` variable, never printed. */
export function curlCommand(url: string, body: string, withToken: boolean): string {
  return [
    `curl -X POST ${shellQuote(url)}`,
    `-H 'content-type: application/json'`,
    ...(withToken ? [`-H "Authorization: Bearer $TOKEN"`] : []),
    `-d ${shellQuote(body)}`,
  ].join(' \\\n  ')
}
