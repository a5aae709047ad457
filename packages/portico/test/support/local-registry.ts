import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

/** A local npm registry: our tarballs under their names, every other request passed upstream. */
export interface LocalRegistry {
  /** The registry address, with a trailing slash, as `--registry` takes it. */
  url: string
  /** The requests answered so far, as `GET /path -> status`, for failure messages. */
  log: string[]
  close(): Promise<void>
}

/** Options of {@link startLocalRegistry}. */
export interface LocalRegistryOptions {
  /** The packed `.tgz` files to publish; each one's name and version come from its package.json. */
  tarballs: string[]
  /** Where the rest comes from, e.g. `https://registry.npmjs.org/`. */
  upstream: string
}

interface Published {
  manifest: Record<string, unknown>
  bytes: Buffer
  fileName: string
}

// Headers about one connection, not about the content: never forwarded across the proxy.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])

/**
 * Serves the packuments and tarballs of `tarballs` on 127.0.0.1 and proxies every other path to
 * `upstream` unchanged, so npm installs our unpublished packages exactly as it would published
 * ones, while their dependencies keep their real tarball URLs (and so come from npm's cache).
 */
export async function startLocalRegistry(options: LocalRegistryOptions): Promise<LocalRegistry> {
  const published = new Map<string, Published>()
  for (const tarball of options.tarballs) {
    const bytes = await readFile(tarball)
    const manifest = await manifestOf(tarball)
    const name = manifest.name
    const version = manifest.version
    if (typeof name !== 'string' || typeof version !== 'string') {
      throw new Error(`${tarball}: package.json has no name or version`)
    }
    // npm names a scoped package's tarball by the name without its scope.
    const fileName = `${name.replace(/^@[^/]+\//, '')}-${version}.tgz`
    published.set(name, { manifest, bytes, fileName })
  }
  const upstream = new URL(
    options.upstream.endsWith('/') ? options.upstream : `${options.upstream}/`,
  )
  const log: string[] = []
  let origin = ''

  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    res.once('finish', () => log.push(`${req.method} ${path} -> ${res.statusCode}`))
    const local = answerLocally(path, published, origin)
    if (local) {
      res.writeHead(200, {
        'content-type': local.type,
        'content-length': local.body.length,
      })
      res.end(req.method === 'HEAD' ? undefined : local.body)
      return
    }
    proxy(req, res, upstream)
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', done)
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/`,
    log,
    close: () =>
      new Promise((done) => {
        // npm keeps sockets alive; without this, close() waits for them to time out.
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** The package.json inside a packed tarball, as the registry's version manifest starts. */
async function manifestOf(tarball: string): Promise<Record<string, unknown>> {
  const { stdout } = await execFileAsync('tar', ['-xzOf', tarball, 'package/package.json'])
  return JSON.parse(stdout) as Record<string, unknown>
}

/** A packument, a version manifest or a tarball of ours; undefined for anything else. */
function answerLocally(
  rawPath: string,
  published: ReadonlyMap<string, Published>,
  origin: string,
): { type: string; body: Buffer } | undefined {
  let path: string
  try {
    path = decodeURIComponent(new URL(rawPath, 'http://registry').pathname)
  } catch {
    // Not a name of ours (a stray `%`): upstream answers it as it would.
    return undefined
  }
  // A scoped name (`@scope/name`, which npm sends as `@scope%2fname`) takes two segments.
  const segments = path.split('/').slice(1)
  const scoped = segments[0]?.startsWith('@') ? 2 : 1
  const name = segments.slice(0, scoped).join('/')
  const [second, third] = segments.slice(scoped)
  const entry = published.get(name)
  if (!entry) return undefined
  const version = entry.manifest.version as string
  const versionManifest = {
    ...entry.manifest,
    _id: `${name}@${version}`,
    dist: {
      tarball: `${origin}/${name}/-/${entry.fileName}`,
      integrity: `sha512-${createHash('sha512').update(entry.bytes).digest('base64')}`,
      shasum: createHash('sha1').update(entry.bytes).digest('hex'),
    },
  }
  const json = (value: unknown) => ({
    type: 'application/json',
    body: Buffer.from(JSON.stringify(value)),
  })
  if (second === undefined) {
    const now = new Date().toISOString()
    return json({
      _id: name,
      name,
      modified: now,
      'dist-tags': { latest: version },
      versions: { [version]: versionManifest },
      time: { created: now, modified: now, [version]: now },
    })
  }
  if (second === '-' && third === entry.fileName) {
    return { type: 'application/octet-stream', body: entry.bytes }
  }
  if (third === undefined && (second === version || second === 'latest')) {
    return json(versionManifest)
  }
  return undefined
}

/** Streams `req` to the same path under `upstream` and its answer back, unchanged. */
function proxy(req: IncomingMessage, res: ServerResponse, upstream: URL): void {
  const target = new URL(`.${req.url ?? '/'}`, upstream)
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  const outgoing = send(
    target,
    {
      method: req.method ?? 'GET',
      // Identity, so that bodies pass through byte for byte with their own length.
      headers: { ...withoutHopByHop(req.headers), 'accept-encoding': 'identity' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers))
      // A body cut short upstream must reach npm cut short too, not as a hanging response.
      answer.once('error', () => res.destroy())
      answer.once('aborted', () => res.destroy())
      answer.pipe(res)
    },
  )
  outgoing.once('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
    res.end(`local registry: ${target.href} failed: ${error.message}`)
  })
  req.pipe(outgoing)
}

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {}
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(key)) kept[key] = value
  }
  return kept
}
