import { describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { callTool, fixtureDir, useServedInBothModes } from '../support/serve-plugin.js'

const served = useServedInBothModes(fixtureDir('probe-plugin'))

describe('the invocation path', () => {
  it('passes the input and a context without a caller to a method in mode anon', async () => {
    const response = await callTool(served.production.url, '/api/Probe/args', { x: 1 })
    expect(await response.json()).toEqual({
      received: 2,
      contextKeys: [
        'closeStream',
        'elicit',
        'log',
        'progress',
        'resourceUpdated',
        'roots',
        'sample',
        'signal',
        'trace',
      ],
    })
  })

  it("aborts the tool's signal when its time limit passes", async () => {
    await expectProblem(await callTool(served.production.url, '/api/Probe/slow', {}), 'timeout')
    const response = await callTool(served.production.url, '/api/Probe/lastAbort', {})
    expect(await response.json()).toEqual({ reason: 'Probe_slow did not finish within 300 ms' })
  })

  it('answers 504 when a tool runs past the configured timeout', async () => {
    const started = Date.now()
    const response = await callTool(served.production.url, '/api/Probe/slow', {})
    expect(Date.now() - started).toBeLessThan(1_500)
    await expectProblem(response, 'timeout')
    expect(await response.json()).toEqual({
      type: 'urn:portico:problem:timeout',
      title: 'Tool timed out',
      status: 504,
      detail: 'Probe_slow did not finish within 300 ms',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })

  it('hides the message and stack of a failure outside dev mode', async () => {
    const response = await callTool(served.production.url, '/api/Probe/fail', {})
    await expectProblem(response, 'execution')
    const text = await response.text()
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('probe.ts')
    expect(JSON.parse(text)).not.toHaveProperty('stack')
  })

  it('shows the message and stack of a failure in dev mode', async () => {
    const response = await callTool(served.dev.url, '/api/Probe/fail', {})
    await expectProblem(response, 'execution')
    const body = (await response.json()) as { detail: string; stack: string }
    expect(body.detail).toBe(
      'Probe_fail failed: connection refused: postgres://admin:hunter2@db.internal/prod',
    )
    expect(body.stack).toMatch(/probe\.ts/)
  })

  it('hands Date-typed inputs to the method as Date objects', async () => {
    const response = await callTool(served.production.url, '/api/Probe/dates', {
      at: '2026-01-02T03:04:05Z',
      more: ['2026-02-03T00:00:00+01:00'],
    })
    expect(await response.json()).toEqual({ at: '2026-01-02T03:04:05.000Z', allDates: true })
  })

  it('applies the configured body limit', async () => {
    const response = await callTool(served.production.url, '/api/Probe/args', {
      x: 1,
      pad: 'a'.repeat(4096),
    })
    await expectProblem(response, 'payload_too_large')
  })
})
