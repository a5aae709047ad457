import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { selfSignedCertificate } from '../../../hub/test/support/self-signed-certificate.js'

/** An answer the front gives itself instead of the plugin's (a tampered document, say). */
export interface FrontAnswer {
  type: string
  body: Uint8Array | string
}

/** What a GET through the front got. */
export interface FrontResponse {
  status: number
  body: Buffer
}

/**
 * A plugin on 127.0.0.1 seen by a client as `https://<host>`: the client reaches the host through
 * this HTTP proxy (`HTTPS_PROXY`), trusting `cert` (`NODE_EXTRA_CA_CERTS`).
 */
export interface HttpsFront {
  /** `https://<host>` */
  origin: string
  /** `http://127.0.0.1:<port>`, the proxy to give the client. */
  proxyUrl: string
  /** The front's self-signed certificate, for the client to trust. */
  cert: string
  /** Sends the host's requests to this plugin (`http://127.0.0.1:<port>`) from now on. */
  forwardTo(pluginUrl: string): void
  /** Answers GET `path` with `answer` instead of the plugin. */
  answer(path: string, answer: FrontAnswer): void
  /** GETs `path` from the plugin as the front forwards it (not the front's own answers). */
  get(path: string): Promise<FrontResponse>
  /** The paths the host was asked for so far, in order. */
  readonly requested: readonly string[]
  close(): Promise<void>
}

/**
 * Claude Code installs an `archive` source only from an `https:` URL whose host is not loopback,
 * link-local or a cloud-metadata address, so a test cannot give it the plugin's
 * `http://127.0.0.1:<port>`. This front gives it `https://<host>` instead, with no root, no
 * namespace, no hosts file and no DNS: the client is pointed at an HTTP proxy (`HTTPS_PROXY`,
 * which Claude Code honours as any corporate proxy), the proxy accepts `CONNECT <host>:443` only
 * and ends the TLS itself with a certificate made here for `<host>` (trusted through
 * `NODE_EXTRA_CA_CERTS`), and each request goes on to the plugin with the URL the client asked
 * for as its target (`GET https://<host>/plugin.zip`, HTTP's absolute form). The plugin takes
 * its origin from that URL, so every link and digest it serves is the one a real deployment at
 * `https://<host>` would serve. Any other host is refused: the client stays offline.
 */
export async function serveHttpsFront(host: string): Promise<HttpsFront> {
  const origin = `https://${host}`
  const { key, cert } = await selfSignedCertificate(host)
  let upstream: URL | undefined
  const answers = new Map<string, FrontAnswer>()
  const requested: string[] = []
  const sockets = new Set<Socket>()

  const tls = createHttpsServer({ key, cert }, (incoming, outgoing) => {
    requested.push(incoming.url ?? '')
    const own = incoming.method === 'GET' ? answers.get(incoming.url ?? '') : undefined
    if (own) {
      outgoing.writeHead(200, { 'content-type': own.type })
      outgoing.end(own.body)
      return
    }
    forward(incoming, outgoing)
  })

  function forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
    if (!upstream) {
      outgoing.writeHead(502)
      outgoing.end('no plugin behind the front')
      return
    }
    const onward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: `${origin}${incoming.url ?? '/'}`,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    onward.on('error', (error) => {
      outgoing.writeHead(502)
      outgoing.end(error.message)
    })
    incoming.pipe(onward)
  }

  const proxy = createServer((_incoming, outgoing) => {
    // Only tunnels to the host: a plain proxied request would leave the machine.
    outgoing.writeHead(403)
    outgoing.end()
  })
  proxy.on('connect', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    if (incoming.url !== `${host}:443`) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length > 0) socket.unshift(head)
    tls.emit('connection', socket)
  })
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done))
  const { port } = proxy.address() as AddressInfo

  return {
    origin,
    proxyUrl: `http://127.0.0.1:${port}`,
    cert,
    forwardTo(pluginUrl) {
      upstream = new URL(pluginUrl)
    },
    answer(path, answer) {
      answers.set(path, answer)
    },
    get(path) {
      const target = upstream
      if (!target) return Promise.reject(new Error('no plugin behind the front'))
      return new Promise((done, fail) => {
        const asked = request(
          { host: target.hostname, port: target.port, path: `${origin}${path}`, headers: { host } },
          (answer) => {
            const chunks: Buffer[] = []
            answer.on('data', (chunk: Buffer) => chunks.push(chunk))
            answer.on('end', () =>
              done({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks) }),
            )
            answer.on('error', fail)
          },
        )
        asked.on('error', fail)
        asked.end()
      })
    },
    requested,
    close() {
      for (const socket of sockets) socket.destroy()
      tls.closeAllConnections()
      proxy.closeAllConnections()
      return new Promise((done) => proxy.close(() => done()))
    },
  }
}
