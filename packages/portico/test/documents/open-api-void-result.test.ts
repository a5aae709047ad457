import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { buildOpenApiDocument } from '../../src/surfaces/rest/build-open-api-document.js'
import { responseOf } from '../support/open-api-parts.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// A tool that returns nothing (issue 27): its 200 response gave `nullable` without `type`, three
// errors under Redocly's recommended rules.

const redocly = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
)
const withoutLicenceConfig = join(import.meta.dirname, 'redocly.yaml')
const temp = useTempPlugins('open-api-void')

describe('/open-api.json of tools that return nothing', () => {
  it('passes redocly lint, and says the result is null', async () => {
    const dir = await temp.plugin({
      'package.json': '{ "name": "void", "version": "1.0.0", "type": "module" }\n',
      'tools/chores.ts': [
        '/** Chores. */',
        'export class Chores {',
        '  /** Does it. */',
        '  run(): void {}',
        '  /** Does it later. */',
        '  async later(input: { at: string }): Promise<void> {}',
        '  /** Gives nothing back. */',
        '  nothing(input: { keep?: null }): null { return null }',
        '}',
      ].join('\n'),
    })
    const document = buildOpenApiDocument(await derivePluginModel(dir), 'https://void.example.test')
    const file = join(dir, 'open-api.json')
    await writeFile(file, JSON.stringify(document))
    const result = await promisify(execFile)(
      process.execPath,
      [redocly, 'lint', file, '--config', withoutLicenceConfig, '--format', 'json'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      problems: { ruleId: string; message: string }[]
    }
    expect(report.problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([])
    const voidResult = responseOf(document, '/api/Chores/later', '200')?.content
    expect(voidResult?.['application/json']?.schema).toEqual({ enum: [null] })
  })
})
