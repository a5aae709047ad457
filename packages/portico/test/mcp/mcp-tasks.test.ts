import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawMcp } from '../support/raw-mcp.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { type McpTaskClient, taskClient } from '../support/task-client.js'

let server: ServedPlugin
let client: McpTaskClient
let scratch: string

beforeAll(async () => {
  server = await servePlugin(fixtureDir('tasks-plugin'))
  client = taskClient(server.url)
  scratch = await mkdtemp(join(tmpdir(), 'portico-tasks-'))
})
afterAll(async () => {
  await server?.close()
  await rm(scratch, { recursive: true, force: true })
})

describe('MCP tasks on the 2026-07-28 wire', () => {
  it('answers a slow call with a CreateTaskResult, then reads it working and completed', async () => {
    const task = await client.create('Job_sleep', { ms: 600 })
    expect(task).toMatchObject({ resultType: 'task', status: 'working' })
    expect(task.taskId).toMatch(/^[\w-]{16,}$/)
    expect(Number.isInteger(task.ttlMs)).toBe(true)
    expect(Number.isInteger(task.pollIntervalMs)).toBe(true)
    expect(task.pollIntervalMs).toBe(100)
    expect(Date.parse(String(task.createdAt))).not.toBeNaN()
    expect(task).not.toHaveProperty('owner')
    const working = await client.get(task.taskId)
    expect(working.result).toMatchObject({ taskId: task.taskId, status: 'working' })
    const done = await client.until(task.taskId, 'completed')
    expect(done.result).toMatchObject({ structuredContent: { slept: 600, pid: process.pid } })
    expect(done.resultType).toBe('complete')
  })

  it('answers a fast call at once, without a task', async () => {
    const answer = await client.call('Job_sleep', { ms: 1 })
    expect(answer.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { slept: 1 },
    })
    expect(answer.result).not.toHaveProperty('taskId')
  })

  it('cancels a running task: its signal aborts and it ends cancelled', async () => {
    const mark = join(scratch, 'cancelled')
    const task = await client.create('Job_sleep', { ms: 30_000, mark })
    const cancel = await client.request('tasks/cancel', task.taskId)
    expect(cancel.error).toBeUndefined()
    expect(cancel.result).toMatchObject({ resultType: 'complete' })
    const ended = await client.until(task.taskId, 'cancelled')
    expect(ended).not.toHaveProperty('result')
    expect(await readFile(mark, 'utf8')).toBe('aborted')
  })

  it('asks through the task, and goes on with the answer of tasks/update', async () => {
    const task = await client.create('Job_confirm', { what: 'a.txt' }, { elicitation: {} })
    const asking = await client.until(task.taskId, 'input_required')
    expect(asking.inputRequests).toMatchObject({
      confirm: { method: 'elicitation/create', params: { message: 'Delete a.txt?' } },
    })
    const update = await client.request('tasks/update', task.taskId, {
      inputResponses: { confirm: { action: 'accept', content: { yes: true } } },
    })
    expect(update.error).toBeUndefined()
    const done = await client.until(task.taskId, 'completed')
    expect(done.result).toMatchObject({ structuredContent: { answer: 'deleted a.txt' } })
    expect(done).not.toHaveProperty('inputRequests')
  })

  it('knows no unknown task (-32602)', async () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const answer = await client.request(method, 'no-such-task', { inputResponses: {} })
      expect(answer.error?.code).toBe(-32602)
    }
  })

  it('refuses a request that does not declare the extension (-32021)', async () => {
    const task = await client.create('Job_sleep', { ms: 300 })
    const mcp = rawMcp(server.url, { era: '2026' })
    const answer = await mcp.request(
      'tasks/get',
      { taskId: task.taskId },
      { headers: { 'mcp-name': task.taskId } },
    )
    expect(answer.status).toBe(400)
    expect(answer.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    })
  })

  it('refuses an Mcp-Name that is not the taskId (-32020)', async () => {
    const task = await client.create('Job_sleep', { ms: 300 })
    const answer = await client.request('tasks/get', task.taskId, {}, { 'mcp-name': 'other' })
    expect(answer.status).toBe(400)
    expect(answer.error?.code).toBe(-32020)
  })

  it('runs a task past limits.toolTimeoutMs (1 s), up to limits.mcpTaskTimeoutMs (2.5 s)', async () => {
    const long = await client.create('Job_sleep', { ms: 1_600 })
    const done = await client.until(long.taskId, 'completed')
    expect(done.result).toMatchObject({ structuredContent: { slept: 1_600 } })
    expect(done.result).not.toHaveProperty('isError')
    const tooLong = await client.create('Job_sleep', { ms: 10_000 })
    const started = Date.now()
    const cut = await client.until(tooLong.taskId, 'completed')
    expect(cut.result).toMatchObject({ isError: true })
    expect(JSON.stringify(cut.result)).toMatch(/2500 ms/)
    // Cut by the task's limit, before the tool would have ended by itself.
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
