import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { buildOpenApiDocument } from '../../src/surfaces/rest/build-open-api-document.js'
import { expectProblem as expectProblemOf, problemKindOf } from '../support/expect-problem.js'
import { connectMcpClient } from '../support/mcp-client.js'
import { rawRequest } from '../support/raw-request.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

// `/api/resources` (GET: the bytes; POST: MCP's contents), the JSON mirrors of the resource
// lists, the overview and OpenAPI, on the fixture `resources-plugin`.

const dir = fixtureDir('resources-plugin')
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(dir)
})
afterAll(() => server.close())

const read = (uri: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/resources?uri=${encodeURIComponent(uri)}`, init)

async function expectProblem(response: Response, status: number, detail: string | RegExp) {
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  const problem = await expectProblemOf(response, problemKindOf(status))
  if (typeof detail === 'string') expect(problem.detail).toBe(detail)
  else expect(problem.detail).toMatch(detail)
  return problem
}

describe('GET /api/resources?uri=', () => {
  it('answers a text file with its bytes, its content type and no sniffing', async () => {
    const response = await read('test://static-text')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe('sandbox')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.text()).toBe('Static text, served as it is.\n')
  })

  it('answers a binary file byte for byte', async () => {
    const response = await read('test://pixel')
    expect(response.headers.get('content-type')).toBe('image/png')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(bytes.byteLength).toBe(69)
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE)
  })

  it('answers a template with what its method returns, variables typed', async () => {
    const json = await read('test://template/7/data')
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await json.json()).toEqual({ id: 7, name: 'Item 7' })
    const csv = await read('test://kinds/film/page-3')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await csv.text()).toBe('kind,page\nfilm,3\n')
    const bytes = await read('test://switches/false')
    expect(bytes.headers.get('content-type')).toBe('application/octet-stream')
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0])
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await read('test://static-text', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe('')
  })

  it('refuses invalid variables with 422 naming each path', async () => {
    const problem = await expectProblem(
      await read('test://template/0/data'),
      422,
      'The input of Library_item is invalid',
    )
    expect(problem).toMatchObject({ errors: [{ path: '/id', message: 'must be >= 1' }] })
  })

  it('answers 404 to a URI no resource answers to, a template that says so included', async () => {
    await expectProblem(await read('test://nope'), 404, 'No resource at test://nope')
    await expectProblem(await read('file:///etc/passwd'), 404, 'No resource at file:///etc/passwd')
    await expectProblem(await read('test://template/101/data'), 404, 'No item 101')
    // Dot segments are resolved first, as MCP's URL parsing does: no way around the lookup.
    await expectProblem(await read('test://static-text/../../x'), 404, /^No resource at /)
  })

  it('answers 400 to a missing, empty, repeated, invalid or oversized uri', async () => {
    const missing = /^The uri query parameter is missing/
    await expectProblem(await fetch(`${server.url}/api/resources`), 400, missing)
    await expectProblem(await fetch(`${server.url}/api/resources?uri=`), 400, missing)
    await expectProblem(
      await fetch(`${server.url}/api/resources?uri=test://data&uri=test://pixel`),
      400,
      'Give one uri parameter, not several',
    )
    await expectProblem(
      await read('../../etc/passwd'),
      400,
      'The resource URI is not a URI (scheme:…)',
    )
    await expectProblem(
      await read(`test://${'a'.repeat(3000)}`),
      400,
      'The resource URI is longer than 2048 characters',
    )
  })

  it('answers 500 without the message to a failing template, outside dev mode', async () => {
    await expectProblem(
      await read('test://broken/now'),
      500,
      'The tool failed. The server log has the details.',
    )
  })

  it('answers 405 with Allow to another method', async () => {
    const response = await fetch(`${server.url}/api/resources?uri=test://data`, { method: 'PUT' })
    await expectProblem(response, 405, 'Read a resource with GET or POST')
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
  })

  it('refuses a foreign Host as every /api route does', async () => {
    const answer = await rawRequest(server.url, {
      method: 'GET',
      path: '/api/resources?uri=test%3A%2F%2Fdata',
      headers: { host: 'evil.example:4321' },
    })
    await expectProblemOf(answer, 'forbidden')
    expect(JSON.parse(answer.body).detail).toMatch(/Invalid Host: evil\.example/)
  })
})

describe('POST /api/resources', () => {
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${server.url}/api/resources`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    })

  it('answers MCP contents as JSON, on the Node edge as on the Fetch handler', async () => {
    const response = await post(JSON.stringify({ uri: 'test://pixel' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      contents: [
        {
          uri: 'test://pixel',
          mimeType: 'image/png',
          blob: (await readFile(join(dir, 'resources/pixel.png'))).toString('base64'),
        },
      ],
    })
    const text = await post(JSON.stringify({ uri: 'test://kinds/book/page-1' }))
    expect(await text.json()).toEqual({
      contents: [
        { uri: 'test://kinds/book/page-1', mimeType: 'text/csv', text: 'kind,page\nbook,1\n' },
      ],
    })
  })

  it('refuses a body without a uri (400), not JSON (415) or unknown (404)', async () => {
    await expectProblem(await post('{}'), 400, 'Send { "uri": "<uri>" }: the resource to read')
    await expectProblem(await post('uri=test://data', 'text/plain'), 415, /application\/json/)
    await expectProblem(await post('{"uri":"test://nope"}'), 404, 'No resource at test://nope')
  })
})

describe('the JSON mirrors and the documents', () => {
  it('mirror resources/list and resources/templates/list exactly', async () => {
    const client = await connectMcpClient(`${server.url}/mcp`, 'legacy')
    try {
      const resources = await (await fetch(`${server.url}/mcp/resources.json`)).json()
      expect(resources).toEqual(await client.listResources())
      const templates = await (await fetch(`${server.url}/mcp/resource-templates.json`)).json()
      expect(templates).toEqual(await client.listResourceTemplates())
      expect((templates as { resourceTemplates: unknown[] }).resourceTemplates).toHaveLength(5)
    } finally {
      await client.close()
    }
  })

  it('lists resources and templates in the overview, with REST links that read them', async () => {
    const overview = (await (
      await fetch(`${server.url}/com.portico.plugin/contents.json`)
    ).json()) as {
      resources: { uri: string; url: string }[]
      resourceTemplates: { id: string; uriTemplate: string; mcpServers: string[] }[]
    }
    expect(overview.resources.map((resource) => resource.uri)).toEqual([
      'test://data',
      'test://guides/setup',
      'test://pixel',
      'test://static-text',
    ])
    const setup = overview.resources[1]
    expect(setup?.url).toBe(`${server.url}/api/resources?uri=test%3A%2F%2Fguides%2Fsetup`)
    expect(await (await fetch(setup?.url ?? '')).text()).toBe('# Setup\n\nInstall, then run.\n')
    expect(
      overview.resourceTemplates.map((template) => [template.id, template.mcpServers]),
    ).toEqual([
      ['Library_item', ['main']],
      ['Library_kind', ['main']],
      ['Library_switch', ['main']],
      ['Library_broken', ['main']],
      ['Media_medium', ['main', 'media']],
    ])
  })

  it('documents GET and POST /api/resources in OpenAPI, after every tool, and no template as a tool', async () => {
    const document = (await (await fetch(`${server.url}/open-api.json`)).json()) as ReturnType<
      typeof buildOpenApiDocument
    >
    const paths = Object.keys(document.paths)
    expect(paths).toEqual(['/api/Library/count', '/api/Media/list', '/api/resources'])
    const item = document.paths['/api/resources']
    expect(item?.get?.operationId).toBe('readResource')
    expect(item?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'uri', in: 'query', required: true, example: 'test://data' }),
    ])
    expect(Object.keys(item?.get?.responses ?? {})).toEqual([
      '200',
      '400',
      '404',
      '422',
      '500',
      '504',
    ])
    expect(item?.post?.operationId).toBe('readResourceContents')
    expect(document.tags.at(-1)?.name).toBe('MCP resources')
  })

  it('requires the bearer scheme on both operations in an authenticated mode', async () => {
    const model = await derivePluginModel(dir)
    model.config.auth = 'custom'
    const item = buildOpenApiDocument(model, 'https://plugin.example.test').paths['/api/resources']
    for (const operation of [item?.get, item?.post]) {
      expect(operation?.security).toEqual([{ bearer: [] }])
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['401', '403', '503']),
      )
    }
  })
})

describe('/api/resources behind the gate', () => {
  let issuer: TestIssuer
  let gated: ServedPlugin
  beforeAll(async () => {
    issuer = await startTestIssuer()
    gated = await servePlugin(dir, { auth: testAuthSettings(issuer) })
  })
  afterAll(async () => {
    await Promise.all([gated?.close(), issuer?.close()])
  })

  it('refuses a request without a token with the challenge, and reads with one', async () => {
    const url = `${gated.url}/api/resources?uri=test%3A%2F%2Fdata`
    const refused = await fetch(url)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=/)
    const token = await issuer.mint({ scope: 'notes' })
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ shelves: 3 })
  })
})
