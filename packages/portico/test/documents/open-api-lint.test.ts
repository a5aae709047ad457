import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { buildOpenApiDocument } from '../../src/surfaces/rest/build-open-api-document.js'
import { fixtureDir, notesExampleDir, servePlugin } from '../support/serve-plugin.js'

const redocly = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
)
/** Recommended rules, but `info-license` off: for plugins that declare no licence. */
const withoutLicenceConfig = join(import.meta.dirname, 'redocly.yaml')

let workDir = ''
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'portico-redocly-'))
})
afterAll(() => rm(workDir, { recursive: true, force: true }))

interface LintReport {
  totals: { errors: number; warnings: number }
  problems: { ruleId: string; message: string }[]
}

/** Runs `redocly lint` on a document; `config` undefined: `--extends recommended`, nothing else. */
async function lint(name: string, document: unknown, config?: string): Promise<LintReport> {
  const file = join(workDir, `${name}.json`)
  await writeFile(file, JSON.stringify(document))
  const rules = config ? ['--config', config] : ['--extends', 'recommended']
  const result = await promisify(execFile)(
    process.execPath,
    [redocly, 'lint', file, ...rules, '--format', 'json'],
    {
      // The work folder holds no redocly.yaml, so nothing but the flags applies.
      cwd: workDir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  return JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as LintReport
}

async function servedOpenApi(dir: string): Promise<Record<string, unknown>> {
  const server = await servePlugin(dir)
  try {
    const response = await fetch(`${server.url}/open-api.json`)
    expect(response.status).toBe(200)
    return (await response.json()) as Record<string, unknown>
  } finally {
    await server.close()
  }
}

describe('redocly lint of /open-api.json', () => {
  it('finds nothing in the example plugin, with the recommended rules', async () => {
    const document = await servedOpenApi(notesExampleDir)
    expect(document.info).toMatchObject({
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
    })
    const report = await lint('notes', document)
    expect(report.problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('finds nothing in the probe fixture, which declares no licence', async () => {
    const report = await lint(
      'probe',
      await servedOpenApi(fixtureDir('probe-plugin')),
      withoutLicenceConfig,
    )
    expect(report.problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('finds nothing in the resources fixture, whose /api/resources has a GET too', async () => {
    const document = await servedOpenApi(fixtureDir('resources-plugin'))
    expect(Object.keys(document.paths as object)).toContain('/api/resources')
    const report = await lint('resources', document, withoutLicenceConfig)
    expect(report.problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('finds nothing in the tasks fixture, whose @task tools add Prefer, a 202 and the task path', async () => {
    const document = await servedOpenApi(fixtureDir('tasks-plugin'))
    expect(Object.keys(document.paths as object)).toContain('/api/tasks/{taskId}')
    const report = await lint('tasks', document, withoutLicenceConfig)
    expect(report.problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it.each(['auth-hub-plugin', 'auth-custom-plugin'])(
    'finds nothing in %s, whose operations require the bearer scheme',
    async (fixture) => {
      const model = await derivePluginModel(fixtureDir(fixture))
      const document = buildOpenApiDocument(model, 'https://plugin.example.test')
      expect(document.components.securitySchemes).toEqual({
        bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      })
      for (const { post } of Object.values(document.paths)) {
        expect(post?.security).toEqual([{ bearer: [] }])
        expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']))
      }
      const report = await lint(fixture, document, withoutLicenceConfig)
      expect(report.problems).toEqual([])
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    },
    60_000,
  )
})

describe('security in /open-api.json of a public plugin', () => {
  it('is [] on every operation, and no scheme is declared', async () => {
    const document = buildOpenApiDocument(
      await derivePluginModel(fixtureDir('probe-plugin')),
      'https://plugin.example.test',
    )
    expect(document.components).not.toHaveProperty('securitySchemes')
    const operations = Object.values(document.paths)
    expect(operations.length).toBeGreaterThan(0)
    for (const { post } of operations) {
      expect(post?.security).toEqual([])
      expect(Object.keys(post?.responses ?? {})).not.toContain('401')
    }
  })
})
