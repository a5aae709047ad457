import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pollUntil } from '../support/cli-process.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

type Json = Record<string, unknown>

const ASYNC = { prefer: 'respond-async' }

/** POSTs a tool's input; `headers` adds `Prefer` or a token. */
async function call(url: string, tool: string, input: Json, headers: Json = {}) {
  const response = await fetch(`${url}/api/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(headers as Record<string, string>) },
    body: JSON.stringify(input),
  })
  return { response, body: (await response.json()) as Json }
}

async function task(url: string, location: string, method = 'GET', headers: Json = {}) {
  const response = await fetch(`${url}${location}`, {
    method,
    headers: headers as Record<string, string>,
  })
  return { response, body: (await response.json()) as Json }
}

/** Reads the task until its status is `status` (waiting on the condition, not a clock). */
function until(url: string, location: string, status: string, headers: Json = {}) {
  return pollUntil(
    async () => {
      const { body } = await task(url, location, 'GET', headers)
      return body.status === status ? body : undefined
    },
    { everyMs: 50 },
  )
}

describe('REST tasks (Prefer: respond-async)', () => {
  let server: ServedPlugin
  let scratch: string
  beforeAll(async () => {
    server = await servePlugin(fixtureDir('tasks-plugin'))
    scratch = await mkdtemp(join(tmpdir(), 'portico-rest-tasks-'))
  })
  afterAll(async () => {
    await server?.close()
    await rm(scratch, { recursive: true, force: true })
  })

  it('answers 202 with Location and Preference-Applied, then the task working and completed', async () => {
    const { response, body } = await call(server.url, 'Job/count', { steps: 4, stepMs: 150 }, ASYNC)
    expect(response.status).toBe(202)
    expect(response.headers.get('preference-applied')).toBe('respond-async')
    const location = response.headers.get('location') ?? ''
    expect(location).toMatch(/^\/api\/tasks\/[\w-]{16,}$/)
    expect(body).toMatchObject({ taskId: location.split('/').at(-1), status: 'working' })
    expect(body).not.toHaveProperty('owner')
    const progressed = await until(server.url, location, 'working')
    expect(progressed.status).toBe('working')
    let message: unknown
    for (let i = 0; i < 40 && message === undefined; i++) {
      message = (await task(server.url, location)).body.statusMessage
      if (message === undefined) await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(message).toMatch(/^step \d of 4$/)
    const done = await until(server.url, location, 'completed')
    expect(done.result).toEqual({ counted: 4 })
    expect(done).not.toHaveProperty('problem')
  })

  it('cancels with DELETE: the tool sees its signal abort, and the task ends cancelled', async () => {
    const mark = join(scratch, 'cancelled')
    const { response } = await call(server.url, 'Job/sleep', { ms: 2_000, mark }, ASYNC)
    expect(response.status).toBe(202)
    const location = response.headers.get('location') ?? ''
    const cancel = await task(server.url, location, 'DELETE')
    expect(cancel.response.status).toBe(202)
    const ended = await until(server.url, location, 'cancelled')
    expect(ended).not.toHaveProperty('result')
    // The tool writes its mark as it stops, which a cancel does not wait for (it is cooperative).
    expect(await pollUntil(() => readFile(mark, 'utf8'))).toBe('aborted')
  })

  it('gives the problem document the sync call answers when the tool fails', async () => {
    const sync = await call(server.url, 'Job/find', { job: 'nightly' })
    expect(sync.response.status).toBe(404)
    const { response } = await call(server.url, 'Job/find', { job: 'nightly' }, ASYNC)
    expect(response.status).toBe(202)
    const failed = await until(server.url, response.headers.get('location') ?? '', 'failed')
    expect(failed.problem).toEqual(sync.body)
    expect(failed.problem).toMatchObject({ status: 404, detail: 'No job named nightly' })
  })

  it('answers an unknown task 404 with a problem document, to GET and DELETE', async () => {
    for (const method of ['GET', 'DELETE']) {
      const { response, body } = await task(server.url, '/api/tasks/no-such-task', method)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
      expect(body).toMatchObject({ status: 404, detail: 'No task no-such-task' })
    }
  })

  it('refuses another method on a task with 405 and Allow, and a hostile id with 404', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const { response, body } = await task(server.url, '/api/tasks/some-task', method)
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, DELETE, OPTIONS')
      expect(body).toMatchObject({
        status: 405,
        detail: 'Read a task with GET, cancel it with DELETE',
      })
    }
    for (const id of ['..%2f..%2fetc', '%00', 'x'.repeat(2_000)]) {
      const { response } = await task(server.url, `/api/tasks/${id}`)
      expect([400, 404]).toContain(response.status)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
    }
  })

  it('answers synchronously without the preference, for a tool without @task, and for a quick call', async () => {
    const plain = await call(server.url, 'Job/sleep', { ms: 300 })
    expect(plain.response.status).toBe(200)
    expect(plain.body).toMatchObject({ slept: 300 })
    const notTask = await call(server.url, 'Job/wait', { ms: 300 }, ASYNC)
    expect(notTask.response.status).toBe(200)
    expect(notTask.response.headers.get('preference-applied')).toBeNull()
    expect(notTask.body).toEqual({ waited: 300 })
    const quick = await call(server.url, 'Job/sleep', { ms: 1 }, ASYNC)
    expect(quick.response.status).toBe(200)
    expect(quick.response.headers.get('preference-applied')).toBeNull()
    expect(quick.body).toMatchObject({ slept: 1 })
  })

  it('describes Prefer, the 202 and the task routes in /open-api.json', async () => {
    const document = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
      paths: Record<string, Record<string, Json>>
      components: { schemas: Json }
    }
    const sleep = document.paths['/api/Job/sleep']?.post as Json
    expect(sleep.parameters).toEqual([expect.objectContaining({ name: 'Prefer', in: 'header' })])
    expect(Object.keys(sleep.responses as Json)).toContain('202')
    expect((sleep.responses as Record<string, Json>)['202']?.headers).toHaveProperty('Location')
    const wait = document.paths['/api/Job/wait']?.post as Json
    expect(wait).not.toHaveProperty('parameters')
    expect(Object.keys(wait.responses as Json)).not.toContain('202')
    const taskPath = document.paths['/api/tasks/{taskId}'] ?? {}
    expect(Object.keys(taskPath).sort()).toEqual(['delete', 'get'])
    expect(taskPath.get).toMatchObject({ operationId: 'getTask' })
    expect(taskPath.delete).toMatchObject({ operationId: 'cancelTask' })
    expect(document.components.schemas).toHaveProperty('PorticoTask')
  })
})

describe('REST tasks are per caller', () => {
  let issuer: TestIssuer
  let server: ServedPlugin
  beforeAll(async () => {
    issuer = await startTestIssuer()
    server = await servePlugin(fixtureDir('tasks-plugin'), { auth: testAuthSettings(issuer) })
  })
  afterAll(async () => {
    await server?.close()
    await issuer?.close()
  })

  it("answers another subject's task 404, and its own 200", async () => {
    const alice = { authorization: `Bearer ${await issuer.mint({ scope: 'notes', sub: 'alice' })}` }
    const bob = { authorization: `Bearer ${await issuer.mint({ scope: 'notes', sub: 'bob' })}` }
    const { response } = await call(server.url, 'Job/sleep', { ms: 800 }, { ...ASYNC, ...alice })
    expect(response.status).toBe(202)
    const location = response.headers.get('location') ?? ''
    for (const method of ['GET', 'DELETE']) {
      const other = await task(server.url, location, method, bob)
      expect(other.response.status).toBe(404)
    }
    const anonymous = await fetch(`${server.url}${location}`)
    expect(anonymous.status).toBe(401)
    const done = await until(server.url, location, 'completed', alice)
    expect(done.result).toMatchObject({ slept: 800 })
  })
})
