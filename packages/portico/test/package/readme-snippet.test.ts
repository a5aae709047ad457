import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin } from '../support/cli-process.js'
import { callTool, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

const readmePath = resolve(import.meta.dirname, '../../../../README.md')
const repoRoot = resolve(import.meta.dirname, '../../../..')
const exec = promisify(execFile)

/** The README's code blocks that start with a `// my-plugin/<path>` comment, by that path. */
async function readmePluginFiles(): Promise<Map<string, string>> {
  const readme = await readFile(readmePath, 'utf8')
  const files = new Map<string, string>()
  for (const [, code] of readme.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const path = /^\/\/ my-plugin\/(\S+)/.exec(code ?? '')?.[1]
    if (path && code) files.set(path, code)
  }
  return files
}

let scratch: Awaited<ReturnType<typeof copyPlugin>>
let server: ServedPlugin

beforeAll(async () => {
  scratch = await copyPlugin(resolve(import.meta.dirname, '../fixtures/probe-plugin'))
  await writeFile(join(scratch.dir, 'portico.config.ts'), 'export default {}\n')
  await writeFile(join(scratch.dir, 'tools/probe.ts'), '')
  for (const [path, code] of await readmePluginFiles()) {
    await mkdir(join(scratch.dir, path, '..'), { recursive: true })
    await writeFile(join(scratch.dir, path), code)
  }
  server = await servePlugin(scratch.dir)
})
afterAll(async () => {
  await server?.close()
  await scratch.remove()
})

describe('the README', () => {
  it('has a first plugin that derives and answers as the README says', async () => {
    expect([...(await readmePluginFiles()).keys()]).toEqual([
      'tools/weather.ts',
      'portico.config.ts',
      'tools/greeter.ts',
      'tests/weather.test.ts',
    ])
    const tool = server.runtime.findTool('Weather_forecast')
    expect(tool?.annotations).toEqual({ title: 'Forecast', readOnlyHint: true })
    expect(tool?.inputSchema.properties?.days).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 7,
      default: 3,
    })
    // A property with a default is optional for callers, and set for the method.
    expect(tool?.inputSchema.required).toEqual(['city'])
    const response = await callTool(server.url, '/api/Weather/forecast', { city: 'Lisbon' })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { city: string; days: { date: unknown }[] }
    expect(body.city).toBe('Lisbon')
    expect(body.days).toHaveLength(3)
    expect(body.days[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(server.runtime.model.identity.title).toBe('Weather')
  })

  it('has a test of the first plugin that type-checks and passes through portico/testing', async () => {
    const file = join(scratch.dir, 'tests/weather.test.ts')
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
    // As a scaffold's tsconfig checks it, with the repository's own strictness on top.
    const strict = ['--ignoreConfig', '--noEmit', '--strict', '--exactOptionalPropertyTypes']
    const target = ['--target', 'ES2023', '--module', 'NodeNext', '--types', 'node']
    const [checked, tested] = await Promise.all([
      outcome(exec(process.execPath, [tsc, ...strict, ...target, '--skipLibCheck', file])),
      outcome(exec(process.execPath, ['--import', 'tsx', '--test', file], { cwd: scratch.dir })),
    ])
    expect(checked).toEqual({ code: 0, stdout: '' })
    expect(tested.stdout).toMatch(/^# pass 3$/m)
    expect(tested.stdout).toMatch(/^# fail 0$/m)
    expect(tested.code, tested.stdout).toBe(0)
  })
})

describe('the README’s Greeter', () => {
  it('reads the elicited name as a field of the form, under the scaffold’s strictest options', async () => {
    expect(server.runtime.findTool('Greeter_greet')).toBeDefined()
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
    const strict = [
      '--ignoreConfig',
      '--noEmit',
      '--strict',
      '--exactOptionalPropertyTypes',
      '--noPropertyAccessFromIndexSignature',
    ]
    const target = ['--target', 'ES2023', '--module', 'NodeNext', '--types', 'node']
    const file = join(scratch.dir, 'tools/greeter.ts')
    const checked = await outcome(
      exec(process.execPath, [tsc, ...strict, ...target, '--skipLibCheck', file]),
    )
    expect(checked).toEqual({ code: 0, stdout: '' })
  })
})

/** How a command ended: its exit code and stdout, failed or not. */
async function outcome(
  running: Promise<{ stdout: string }>,
): Promise<{ code: number; stdout: string }> {
  try {
    return { code: 0, stdout: (await running).stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { code: failed.code, stdout: failed.stdout }
  }
}
