import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { ErrorDetail } from '../core/portico-error.js'
import { splitHost } from '../http/host-origin-problems.js'
import { LOOPBACK } from '../http/host-policy.js'
import { PROBLEM_CONTENT_TYPE, problemKinds, problemType } from '../http/problem-response.js'

const detail =
  'The plugin does not load: portico dev serves it once a saved change fixes these errors'

/**
 * What `portico dev` answers while no version of the plugin loads: every request gets 503 with
 * `Retry-After: 1` and a problem document listing `errors()` (`file:line:column: message`
 * lines, split into `path` and `message`); a browser asking for HTML gets a page that lists
 * them and reloads itself, so the docs site appears once a fix loads. Each answer closes its
 * connection, so the client's next request reaches the worker that serves by then.
 */
export function createUnavailableServer(errors: () => readonly string[]): Server {
  return createServer((request, response) => {
    const lines = isLocal(request) ? errors() : []
    response.setHeader('retry-after', '1')
    response.setHeader('cache-control', 'no-store')
    response.setHeader('connection', 'close')
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      response.writeHead(503, { 'content-type': 'text/html; charset=utf-8' })
      response.end(page(lines))
      return
    }
    const { status, title } = problemKinds.unavailable
    const body = {
      type: problemType('unavailable'),
      title,
      status,
      detail,
      errors: lines.map(split),
    }
    response.writeHead(status, { 'content-type': PROBLEM_CONTENT_TYPE })
    response.end(JSON.stringify(body))
  })
}

/** `tools/a.ts:3:5: message` → `{ path: 'tools/a.ts:3:5', message }`; a line without a place keeps it all. */
function split(line: string): ErrorDetail {
  const match = /^(\S+?(?::\d+){0,2}(?: \(key "[^"]*"\))?): (.*)$/.exec(line)
  return match ? { path: match[1] ?? '', message: match[2] ?? '' } : { path: '', message: line }
}

/**
 * Whether the request names a loopback host: the file paths and source lines in the errors are
 * not for a page of another origin that a rebinding DNS name points here.
 */
function isLocal(request: IncomingMessage): boolean {
  return LOOPBACK.test(splitHost(request.headers.host ?? '')?.hostname ?? '')
}

function page(lines: readonly string[]): string {
  const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)
  return [
    '<!doctype html>',
    '<meta charset="utf-8"><meta http-equiv="refresh" content="2">',
    '<title>The plugin does not load</title>',
    '<h1>The plugin does not load</h1>',
    `<p>${escapeHtml(detail)}; this page reloads until then.</p>`,
    `<pre>${escapeHtml(lines.join('\n'))}</pre>`,
    '',
  ].join('\n')
}
