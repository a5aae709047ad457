import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nestedNpmEnv } from '../../portico/test/support/nested-npm-env.js'
import { restoreNpmTemplate } from '../src/restore-npm-template.js'
import { runCli } from '../src/run-cli.js'

// `npm create portico@latest my-plugin --template notes` (no `--`): npm takes `--template` for
// one of its own settings, exports it as npm_config_template and passes on only the words.

const exec = promisify(execFile)
const packageDir = resolve(import.meta.dirname, '..')
const npmEnv = nestedNpmEnv()
const hint =
  'create-portico: npm kept --template for itself (npm create passes options on only after --)'
let workDir: string
let builtDir: string

// Its own build, beside the package's: create-portico.test.ts rebuilds dist/ (and
// templates/notes) while this file runs. Only templates/minimal is read, never rebuilt.
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'create-portico-npm-'))
  builtDir = join(workDir, 'create-portico')
  await mkdir(builtDir)
  await cp(join(packageDir, 'package.json'), join(builtDir, 'package.json'))
  await cp(join(packageDir, 'bin'), join(builtDir, 'bin'), { recursive: true })
  await mkdir(join(builtDir, 'templates'))
  await symlink(join(packageDir, 'templates/minimal'), join(builtDir, 'templates/minimal'))
  const tsc = join(packageDir, '../../node_modules/typescript/bin/tsc')
  await exec(process.execPath, [tsc, '-p', packageDir, '--outDir', join(builtDir, 'dist')])
})
afterAll(() => rm(workDir, { recursive: true, force: true }))

/** Runs the bin as `npm create` does, with `args` after the package and no `--`. */
async function npmCreate(args: string[]) {
  const npmArgs = ['exec', '--offline', '--yes', '--package', builtDir, 'create-portico']
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

describe('--template given to npm create without --', () => {
  it('scaffolds the template named after --template, as npm passes it on', async () => {
    const { code, stdout } = await npmCreate(['npm-minimal', '--template', 'minimal'])
    expect(code).toBe(0)
    expect(stdout).toContain('Created npm-minimal from the minimal template.')
    expect(existsSync(join(workDir, 'npm-minimal/tools/hello.ts'))).toBe(true)
  })

  it('says to write -- when the word npm left is no template', async () => {
    const { code, stderr } = await npmCreate(['my-plugin', '--template', 'nope'])
    expect(code).toBe(1)
    expect(stderr).toContain(
      `${hint}: write npm create portico@latest my-plugin -- --template nope\n`,
    )
  })

  it('reads --template=<name>, which npm keeps only in its config', async () => {
    const { code, stderr } = await npmCreate(['my-plugin', '--template=nope'])
    expect(code).toBe(1)
    expect(stderr).toContain(
      'create-portico: unknown template "nope": choose one of minimal, notes\n',
    )
  })

  it('scaffolds through runCli with what npm set for -t', async () => {
    let stdout = ''
    const output = { out: (text: string) => (stdout += text), err: () => undefined }
    const code = await runCli(['run-cli-t', 'minimal'], workDir, output, { npm_config_t: 'true' })
    expect(code).toBe(0)
    expect(stdout).toContain('Created run-cli-t from the minimal template.')
  })
})

describe('restoreNpmTemplate', () => {
  it.each([
    [['my-plugin', 'notes'], { npm_config_template: 'true' }, ['my-plugin', '--template', 'notes']],
    [['notes', 'my-plugin'], { npm_config_template: 'true' }, ['my-plugin', '--template', 'notes']],
    [['my-plugin', 'notes'], { npm_config_t: 'true' }, ['my-plugin', '--template', 'notes']],
    [['my-plugin'], { npm_config_template: 'notes' }, ['my-plugin', '--template', 'notes']],
    [
      ['my-plugin', '--template', 'minimal'],
      { npm_config_template: 'notes' },
      ['my-plugin', '--template', 'minimal'],
    ],
    [['my-plugin'], {}, ['my-plugin']],
  ])('turns %j with %j into %j', (argv, env, expected) => {
    expect(restoreNpmTemplate(argv, env)).toEqual(expected)
  })

  it.each([
    [['my-plugin', 'nope'], 'my-plugin -- --template nope'],
    [['my-plugin'], 'my-plugin -- --template notes'],
    [['notes', 'minimal'], 'notes -- --template minimal'],
    [[], '<dir> -- --template notes'],
  ])('refuses %j, saying to write %s', (argv, command) => {
    expect(() => restoreNpmTemplate(argv, { npm_config_template: 'true' })).toThrow(
      `npm kept --template for itself (npm create passes options on only after --): write npm create portico@latest ${command}`,
    )
  })
})
