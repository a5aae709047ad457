import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callTool,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

// Node serves REST through its edge; Bun, Deno and edge runtimes through the Fetch handler.
describe.each([
  { name: 'the Node edge', nodeEdge: true },
  { name: 'the Fetch handler', nodeEdge: false },
])('REST through $name', ({ nodeEdge }) => {
  let server: ServedPlugin

  beforeAll(async () => {
    server = await servePlugin(notesExampleDir, { nodeEdge })
  })
  afterAll(() => server.close())

  async function expectProblem(
    response: Response,
    status: number,
    kind: string,
    detail?: RegExp,
  ): Promise<void> {
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await response.json()) as {
      type: string
      status: number
      detail: string
      stack?: string
    }
    expect(body.type).toBe(`urn:portico:problem:${kind}`)
    expect(body.status).toBe(status)
    expect(body.stack).toBeUndefined()
    if (detail) expect(body.detail).toMatch(detail)
  }

  /** Sends a raw request so that the body and headers reach the server exactly as written. */
  function rawPost(
    path: string,
    headers: Record<string, string>,
    chunks: Buffer[],
  ): Promise<{ status: number; body: string }> {
    const { port } = new URL(server.url)
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      // The server may answer and close before the whole body is sent; that is the point.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
      })
      for (const chunk of chunks) req.write(chunk)
      req.end()
    })
  }

  describe('REST answers bad requests with the designed status', () => {
    it('answers 404 for an unknown tool method', async () => {
      await expectProblem(
        await callTool(server.url, '/api/Notes/nope', {}),
        404,
        'not_found',
        /No tool at \/api\/Notes\/nope/,
      )
    })

    it('answers 404 for an unknown class and for a private helper', async () => {
      await expectProblem(await callTool(server.url, '/api/Nope/list', {}), 404, 'not_found')
      await expectProblem(
        await callTool(server.url, '/api/Notes/constructor', {}),
        404,
        'not_found',
      )
      await expectProblem(await callTool(server.url, '/api/Notes', {}), 404, 'not_found')
      await expectProblem(await callTool(server.url, '/api/Notes/list/extra', {}), 404, 'not_found')
    })

    it('answers 405 with Allow for a GET on a tool route', async () => {
      const response = await fetch(`${server.url}/api/Notes/list`)
      expect(response.headers.get('allow')).toBe('POST, OPTIONS')
      await expectProblem(response, 405, 'method_not_allowed', /POST/)
      await expectProblem(
        await fetch(`${server.url}/api/Notes/list`, { method: 'PUT', body: '{}' }),
        405,
        'method_not_allowed',
      )
    })

    it('answers 415 for a body that is not declared JSON', async () => {
      await expectProblem(
        await fetch(`${server.url}/api/Notes/create`, {
          method: 'POST',
          body: 'title=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
        'unsupported_media_type',
        /application\/json/,
      )
      await expectProblem(
        await fetch(`${server.url}/api/Notes/create`, {
          method: 'POST',
          body: '{"title":"x"}',
          headers: { 'content-type': 'text/plain' },
        }),
        415,
        'unsupported_media_type',
      )
    })

    it('accepts a JSON media type with a charset and a +json suffix', async () => {
      for (const type of [
        'application/json; charset=utf-8',
        'application/vnd.notes+json',
        'APPLICATION/JSON',
      ]) {
        const response = await callTool(
          server.url,
          '/api/Notes/search',
          { query: 'x' },
          { 'content-type': type },
        )
        expect(response.status).toBe(200)
      }
    })

    it('answers 400 for malformed JSON and for bytes that are not UTF-8', async () => {
      await expectProblem(
        await callTool(server.url, '/api/Notes/create', '{"title": '),
        400,
        'bad_request',
        /not valid JSON/,
      )
      const latin1 = await rawPost('/api/Notes/create', { 'content-type': 'application/json' }, [
        Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
      ])
      expect(latin1.status).toBe(400)
      expect(JSON.parse(latin1.body).detail).toBe('The body is not valid UTF-8')
    })

    it('answers 413 for a body over the limit, by Content-Length and by chunks', async () => {
      const big = JSON.stringify({ title: 'x', body: 'a'.repeat(1024 * 1024) })
      await expectProblem(
        await callTool(server.url, '/api/Notes/create', big),
        413,
        'payload_too_large',
        /1048576 bytes/,
      )
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const chunked = await rawPost(
        '/api/Notes/create',
        { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        Array.from({ length: 20 }, () => chunk),
      )
      expect(chunked.status).toBe(413)
      expect(JSON.parse(chunked.body).type).toBe('urn:portico:problem:payload_too_large')
    })

    it('keeps serving after hostile input', async () => {
      const hostile: [string, number][] = [
        // A key that reaches a prototype is refused before any schema sees it.
        ['{"__proto__": {"admin": true}, "title": "x"}', 400],
        // Deeper than any body may nest (MAX_JSON_DEPTH, 1,000): refused before it is parsed.
        [`${'['.repeat(5000)}${']'.repeat(5000)}`, 400],
        ['null', 422],
        ['"\\ud800"', 422],
      ]
      for (const [body, status] of hostile) {
        const response = await callTool(server.url, '/api/Notes/create', body)
        expect(response.status).toBe(status)
      }
      const response = await callTool(server.url, '/api/Notes/search', { query: 'groceries' })
      expect(response.status).toBe(200)
      expect(({} as Record<string, unknown>).admin).toBeUndefined()
    })

    it('answers 404 problem+json for a path nobody serves, whatever the method', async () => {
      await expectProblem(await fetch(`${server.url}/nothing-here`), 404, 'not_found')
      await expectProblem(
        await fetch(`${server.url}/nothing-here`, { method: 'DELETE' }),
        404,
        'not_found',
      )
    })
  })

  describe('CORS', () => {
    it('answers a preflight for a tool route with the methods and requested headers', async () => {
      // A page on loopback: on a loopback listener, a website's preflight is refused (see
      // rest-local-safety.test.ts).
      const response = await fetch(`${server.url}/api/Notes/create`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      expect(response.headers.get('access-control-allow-headers')).toBe(
        'content-type,authorization',
      )
      expect(response.headers.get('access-control-max-age')).toBe('86400')
    })

    it('answers a preflight on any path, even one that does not exist', async () => {
      const response = await fetch(`${server.url}/whatever/path`, {
        method: 'OPTIONS',
        headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    })

    it('exposes the headers clients read on success and on errors', async () => {
      for (const response of [
        await callTool(
          server.url,
          '/api/Notes/search',
          { query: 'x' },
          { origin: 'http://localhost:5173' },
        ),
        await callTool(server.url, '/api/Notes/create', {}, { origin: 'http://localhost:5173' }),
        await fetch(`${server.url}/open-api.json`, { headers: { origin: 'https://app.example' } }),
      ]) {
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        const exposed = response.headers.get('access-control-expose-headers') ?? ''
        expect(exposed).toContain('WWW-Authenticate')
        expect(exposed).toContain('Mcp-Session-Id')
      }
    })
  })
})
