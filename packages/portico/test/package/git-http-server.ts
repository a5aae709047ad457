import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A git server on 127.0.0.1 for one suite. */
export interface GitHttpServer {
  /** `http://127.0.0.1:<port>`; a repository `<root>/x.git` is cloned from `<url>/x.git`. */
  url: string
  close(): Promise<void>
}

/**
 * Serves the bare repositories under `root` over git's smart HTTP protocol, through
 * `git http-backend` run as a CGI script per request: clients that clone shallowly (as Claude
 * Code does) need it, since the static "dumb" protocol cannot send a shallow clone.
 */
export async function serveGitRepositories(root: string): Promise<GitHttpServer> {
  const server = createServer((request, response) => runBackend(root, request, response))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise((done) => server.close(() => done()))
    },
  }
}

/** Hands one request to `git http-backend` and writes its CGI answer as the HTTP response. */
function runBackend(root: string, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const backend = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_NOSYSTEM: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? 'GET',
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      REMOTE_ADDR: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  })
  request.pipe(backend.stdin)
  let head: Buffer | undefined = Buffer.alloc(0)
  backend.stdout.on('data', (chunk: Buffer) => {
    if (!head) {
      response.write(chunk)
      return
    }
    head = Buffer.concat([head, chunk])
    const end = head.indexOf('\r\n\r\n')
    if (end === -1) return
    writeCgiHead(response, head.subarray(0, end).toString('latin1'))
    response.write(head.subarray(end + 4))
    head = undefined
  })
  // A backend that cannot start emits `error`, then `close` like any other.
  backend.once('error', () => {})
  backend.once('close', () => {
    if (response.headersSent) response.end()
    else response.writeHead(502).end('git http-backend gave no answer')
  })
}

/** The CGI header lines: `Status: 404 Not Found` sets the status, the others are headers. */
function writeCgiHead(response: ServerResponse, head: string): void {
  let status = 200
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10)
    else response.setHeader(name, value)
  }
  response.writeHead(status)
}
