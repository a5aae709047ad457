import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nestedNpmEnv } from '../../portico/test/support/nested-npm-env.js'
import { runCli } from '../src/run-cli.js'

// `npm create portico@latest my-plugin --template notes` (no `--`): npm takes `--template` for
// one of its own settings, exports it as npm_config_template and passes on only the words.

const exec = promisify(execFile)
const packageDir = resolve(import.meta.dirname, '..')
const npmEnv = nestedNpmEnv()
let workDir: string

beforeAll(async () => {
  await exec('npm', ['run', 'build'], { cwd: packageDir, env: npmEnv })
  workDir = await mkdtemp(join(tmpdir(), 'create-portico-npm-'))
})
afterAll(() => rm(workDir, { recursive: true, force: true }))

/** Runs the built bin as `npm create` does, with `args` after the package and no `--`. */
async function npmCreate(args: string[]) {
  const npmArgs = ['exec', '--offline', '--yes', '--package', packageDir, 'create-portico']
  try {
    const { stdout, stderr } = await exec('npm', [...npmArgs, ...args], {
      cwd: workDir,
      env: npmEnv,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** Runs the CLI in-process with `env` as npm would have set it. */
async function runWithEnv(argv: string[], env: Record<string, string>) {
  let stdout = ''
  let stderr = ''
  const output = {
    out: (text: string) => {
      stdout += text
    },
    err: (text: string) => {
      stderr += text
    },
  }
  const code = await runCli(argv, workDir, output, env)
  return { code, stdout, stderr }
}

describe('--template given to npm create without --', () => {
  it('scaffolds the template named after --template, as npm passes it on', async () => {
    const { code, stdout } = await npmCreate(['npm-notes', '--template', 'notes'])
    expect(code).toBe(0)
    expect(stdout).toContain('Created npm-notes from the notes template.')
    expect(existsSync(join(workDir, 'npm-notes/tools/notes.ts'))).toBe(true)
  })

  it('scaffolds the template of --template=notes, which npm keeps only in its config', async () => {
    const { code, stdout } = await npmCreate(['npm-notes-eq', '--template=notes'])
    expect(code).toBe(0)
    expect(stdout).toContain('Created npm-notes-eq from the notes template.')
    expect(existsSync(join(workDir, 'npm-notes-eq/tools/notes.ts'))).toBe(true)
  })

  it('scaffolds the template of -t notes', async () => {
    const result = await runWithEnv(['npm-t', 'notes'], { npm_config_t: 'true' })
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toContain('Created npm-t from the notes template.')
  })

  it('says to write -- when the word npm left is no template', async () => {
    const result = await runWithEnv(['my-plugin', 'nope'], { npm_config_template: 'true' })
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'create-portico: npm kept --template for itself (npm create passes options on only after --): write npm create portico@latest my-plugin -- --template nope\n',
    })
  })

  it('says to write -- when --template lost its value', async () => {
    const result = await runWithEnv(['my-plugin'], { npm_config_template: 'true' })
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'create-portico: npm kept --template for itself (npm create passes options on only after --): write npm create portico@latest my-plugin -- --template notes\n',
    })
  })

  it('prefers a --template that reached the command line', async () => {
    const result = await runWithEnv(['npm-minimal', '--template', 'minimal'], {
      npm_config_template: 'notes',
    })
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toContain('Created npm-minimal from the minimal template.')
  })
})
