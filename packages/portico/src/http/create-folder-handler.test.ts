import { mkdir, mkdtemp, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEtag } from './conditional-request.js'
import { createFolderHandler } from './create-folder-handler.js'

const secret = 'TOP-SECRET-CONTENT'
const fixedTime = new Date('2026-01-01T00:00:00Z')
const problemJson = 'application/problem+json; charset=utf-8'
let tmp: string
let publicDir: string
const servers: { origin: string; port: number; close: () => Promise<void> }[] = []

async function startServer(rootDir: string, dev: boolean) {
  const handler = createFolderHandler({ rootDir, dev })
  const app = new Hono().get('*', (c) => handler(c.req.raw))
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  const { port } = server.address() as AddressInfo
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  const entry = { origin: `http://127.0.0.1:${port}`, port, close }
  servers.push(entry)
  return entry
}

/** Sends the path exactly as written: fetch and URL would normalise `..` first. */
function rawGet(port: number, path: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

let main: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'portico-folder-'))
  publicDir = join(tmp, 'public')
  await mkdir(join(publicDir, 'docs'), { recursive: true })
  await mkdir(join(publicDir, 'empty-dir'))
  await mkdir(join(publicDir, '.git'))
  await writeFile(join(tmp, 'secret.txt'), secret)
  await writeFile(join(publicDir, 'index.html'), '<h1>home</h1>')
  await writeFile(join(publicDir, 'style.css'), 'body { color: red }')
  await writeFile(join(publicDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(publicDir, 'blob.xyz'), 'opaque')
  await writeFile(join(publicDir, 'big.bin'), Buffer.alloc(5 * 1024 * 1024, 7))
  await writeFile(join(publicDir, 'docs', 'index.html'), '<h1>docs</h1>')
  await writeFile(join(publicDir, '.env'), secret)
  await writeFile(join(publicDir, '.git', 'config'), secret)
  await symlink(join(tmp, 'secret.txt'), join(publicDir, 'escape.txt'))
  await symlink(tmp, join(publicDir, 'escape-dir'))
  await symlink(join(publicDir, '.env'), join(publicDir, 'env-link.txt'))
  await symlink(join(publicDir, 'style.css'), join(publicDir, 'alias.css'))
  await utimes(join(publicDir, 'style.css'), fixedTime, fixedTime)
  main = await startServer(publicDir, false)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await rm(tmp, { recursive: true, force: true })
})

describe('createFolderHandler over HTTP', () => {
  it.each([
    ['/style.css', 'text/css; charset=utf-8', 'body { color: red }'],
    ['/logo.svg', 'image/svg+xml; charset=utf-8', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['/index.html', 'text/html; charset=utf-8', '<h1>home</h1>'],
    ['/blob.xyz', 'application/octet-stream', 'opaque'],
    ['/alias.css', 'text/css; charset=utf-8', 'body { color: red }'],
  ])('serves %s as %s with nosniff', async (path, type, body) => {
    const res = await fetch(main.origin + path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toBe(body)
  })

  it('streams a 5 MiB file whole', async () => {
    const res = await fetch(`${main.origin}/big.bin`)
    expect(res.headers.get('content-length')).toBe(String(5 * 1024 * 1024))
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(bytes.length).toBe(5 * 1024 * 1024)
    expect(bytes.every((byte) => byte === 7)).toBe(true)
  })

  it('sends a strong ETag, Last-Modified and the production Cache-Control', async () => {
    const stats = await stat(join(publicDir, 'style.css'))
    const res = await fetch(`${main.origin}/style.css`)
    expect(res.headers.get('etag')).toBe(createEtag(stats.size, stats.mtimeMs))
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(res.headers.get('last-modified')).toBe(fixedTime.toUTCString())
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it.each([
    ['the ETag itself', (etag: string) => etag],
    ['its weak form', (etag: string) => `W/${etag}`],
    ['a list holding it', (etag: string) => `"nope", ${etag}`],
    ['*', () => '*'],
  ])('answers 304 without a body to If-None-Match with %s', async (_name, header) => {
    const first = await fetch(`${main.origin}/style.css`)
    const etag = first.headers.get('etag') ?? ''
    const res = await fetch(`${main.origin}/style.css`, {
      headers: { 'if-none-match': header(etag) },
    })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
    expect(await res.text()).toBe('')
  })

  it('answers 200 to an If-None-Match that does not match', async () => {
    const res = await fetch(`${main.origin}/style.css`, { headers: { 'if-none-match': '"0-0"' } })
    expect(res.status).toBe(200)
  })

  it('answers 304 to If-Modified-Since at the mtime and 200 before it', async () => {
    const at = await fetch(`${main.origin}/style.css`, {
      headers: { 'if-modified-since': fixedTime.toUTCString() },
    })
    expect(at.status).toBe(304)
    const before = await fetch(`${main.origin}/style.css`, {
      headers: { 'if-modified-since': new Date(fixedTime.getTime() - 1000).toUTCString() },
    })
    expect(before.status).toBe(200)
  })

  it('ignores If-Modified-Since when If-None-Match is present', async () => {
    const res = await fetch(`${main.origin}/style.css`, {
      headers: { 'if-none-match': '"0-0"', 'if-modified-since': fixedTime.toUTCString() },
    })
    expect(res.status).toBe(200)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await fetch(`${main.origin}/style.css`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('19')
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(res.headers.get('etag')).toMatch(/^"13-/)
    expect(await res.text()).toBe('')
  })

  it.each([
    ['/', '<h1>home</h1>'],
    ['/docs/', '<h1>docs</h1>'],
  ])('serves index.html for the directory %s', async (path, body) => {
    const res = await fetch(main.origin + path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toBe(body)
  })

  it('redirects a directory without its slash with 301, keeping the query', async () => {
    const res = await fetch(`${main.origin}/docs?tab=1`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/docs/?tab=1')
  })

  it('answers 404 problem+json naming the path for a missing file', async () => {
    const res = await fetch(`${main.origin}/missing.html`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe(problemJson)
    expect(await res.json()).toEqual({
      type: 'urn:portico:problem:not_found',
      title: 'Not found',
      status: 404,
      detail: 'No file at /missing.html',
    })
  })

  it.each([
    ['/../secret.txt', 404],
    ['/%2e%2e/secret.txt', 404],
    ['/%2E%2e/secret.txt', 404],
    ['/%252e%252e/secret.txt', 404],
    ['/sub/..%2f..%2fsecret.txt', 404],
    ['/docs/..%2f..%2fsecret.txt', 404],
    ['/..%5csecret.txt', 404],
    ['/..%5c..%5csecret.txt', 404],
    ['//etc/passwd', 404],
    ['/C:/x', 404],
    ['/C%3a/x', 404],
    ['/escape.txt', 404],
    ['/escape-dir/secret.txt', 404],
    ['/env-link.txt', 404],
    ['/.env', 404],
    ['/%2eenv', 404],
    ['/.git/config', 404],
    ['/empty-dir/', 404],
    ['/empty-dir', 404],
    ['/style.css/', 404],
    ['/%00', 400],
    ['/style.css%00.html', 400],
    ['/%E0%A4%A', 400],
  ])('refuses %s with %i problem+json and never leaks the secret', async (path, status) => {
    const res = await rawGet(main.port, path)
    expect(res.status).toBe(status)
    expect(res.headers['content-type']).toBe(problemJson)
    expect(res.body).not.toContain(secret)
    const problem = JSON.parse(res.body) as { type: string; status: number }
    expect(problem.status).toBe(status)
    expect(problem.type).toBe(
      status === 400 ? 'urn:portico:problem:bad_request' : 'urn:portico:problem:not_found',
    )
  })

  it('sends Cache-Control no-cache in dev mode', async () => {
    const dev = await startServer(publicDir, true)
    const res = await fetch(`${dev.origin}/style.css`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('answers 404 problem+json to everything when the folder is missing', async () => {
    const none = await startServer(join(tmp, 'no-such-public'), false)
    for (const path of ['/', '/index.html']) {
      const res = await fetch(none.origin + path)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe(problemJson)
    }
  })
})

describe('createFolderHandler in process', () => {
  it('answers 405 with Allow to a method other than GET and HEAD', async () => {
    const handler = createFolderHandler({ rootDir: publicDir, dev: false })
    const res = await handler(new Request('http://x/style.css', { method: 'POST' }))
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
    expect(res.headers.get('content-type')).toBe(problemJson)
  })

  it('serves under its mount path only, with the extra headers on every file answer', async () => {
    const handler = createFolderHandler({
      rootDir: publicDir,
      dev: false,
      mountPath: '/widget-assets',
      headers: { 'cross-origin-resource-policy': 'cross-origin' },
    })
    const served = await handler(new Request('http://x/widget-assets/style.css'))
    expect(served.status).toBe(200)
    expect(await served.text()).toBe('body { color: red }')
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const etag = served.headers.get('etag') ?? ''
    const unchanged = await handler(
      new Request('http://x/widget-assets/style.css', { headers: { 'if-none-match': etag } }),
    )
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const redirect = await handler(new Request('http://x/widget-assets/docs'))
    expect(redirect.headers.get('location')).toBe('/widget-assets/docs/')
    for (const path of ['/style.css', '/widget-assets', '/widget-assetsstyle.css']) {
      expect((await handler(new Request(`http://x${path}`))).status, path).toBe(404)
    }
  })

  it('throws a TypeError at creation for a relative rootDir', () => {
    expect(() => createFolderHandler({ rootDir: 'public', dev: false })).toThrow(TypeError)
  })
})
