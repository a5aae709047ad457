import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nestedNpmEnv } from '../../portico/test/support/nested-npm-env.js'
import { scaffoldDevDependencies } from '../src/rewrite-package-json.js'

const exec = promisify(execFile)
const packageDir = resolve(import.meta.dirname, '..')
const repoDir = resolve(packageDir, '../..')
const exampleDir = join(repoDir, 'examples/notes')
const bin = join(packageDir, 'bin/create-portico.js')
const version = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')).version

// `npm test` exports its config as npm_config_* (and npm_package_*, npm_lifecycle_*), which a
// nested npm reads as its own command line (`--workspace`, `--json`, `--loglevel`); only where
// npm keeps its files is passed on.
const npmEnv = nestedNpmEnv()

let workDir: string

// The tests run the built bin, as `npm create` would; one build serves the whole file.
beforeAll(async () => {
  await exec('npm', ['run', 'build'], { cwd: packageDir, env: npmEnv })
  workDir = await mkdtemp(join(tmpdir(), 'create-portico-'))
})
afterAll(() => rm(workDir, { recursive: true, force: true }))

interface Run {
  code: number
  stdout: string
  stderr: string
}

async function run(args: string[], cwd = workDir): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], { cwd })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** Files under `dir`, relative and sorted, skipping what `skip` names at any depth. */
async function filesUnder(dir: string, skip: string[] = []): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(/[\\/]/).some((part) => skip.includes(part)))
    .sort()
}

/**
 * Runs a scaffold's tests as its `npm test` does (`tsx --test tests/*.test.ts`), with Node's
 * runner reporting TAP. Each run compiles the plugin's tools: a busy machine gets minutes.
 */
async function nodeTest(dir: string): Promise<{ code: number; output: string }> {
  const files = (await readdir(join(dir, 'tests'))).filter((file) => file.endsWith('.test.ts'))
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=tap',
    ...files.map((file) => join('tests', file)),
  ]
  try {
    const { stdout, stderr } = await exec(process.execPath, args, { cwd: dir, timeout: 110_000 })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8'))
}

describe('create-portico <dir>', () => {
  it('scaffolds the minimal template by default, named after the folder', async () => {
    const { code, stdout, stderr } = await run(['my-plugin'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    for (const step of ['cd my-plugin', 'npm install', 'npm run dev', 'http://localhost:4321']) {
      expect(stdout).toContain(step)
    }

    const dir = join(workDir, 'my-plugin')
    expect(await filesUnder(dir)).toEqual([
      '.gitignore',
      'README.md',
      'package.json',
      'portico.config.ts',
      'prompts/greet.md',
      'tests/hello.test.ts',
      'tools/hello.ts',
      'tsconfig.json',
    ])
    expect(await readJson(join(dir, 'package.json'))).toEqual({
      name: 'my-plugin',
      version: '0.1.0',
      private: true,
      type: 'module',
      scripts: {
        dev: 'portico dev',
        build: 'portico build',
        start: 'portico start',
        test: 'tsx --test tests/*.test.ts',
        typecheck: 'tsc --noEmit',
      },
      dependencies: { portico: `^${version}` },
      devDependencies: { tsx: '4.23.15', typescript: '6.0.3', '@types/node': '20.19.43' },
    })
    expect(await readFile(join(dir, 'tests/hello.test.ts'), 'utf8')).toContain(
      "import { createTestPlugin } from 'portico/testing'",
    )
    expect(await readFile(join(dir, 'portico.config.ts'), 'utf8')).toBe(
      "import { defineConfig } from 'portico'\n\nexport default defineConfig({ title: 'My Plugin' })\n",
    )
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toMatch(/^# My Plugin\n/)
    expect(await readFile(join(dir, 'prompts/greet.md'), 'utf8')).toMatch(
      /^---\ntitle: .+\ndescription: .+\narguments:\n {2}- name: name\n/,
    )
    expect(await readFile(join(dir, 'tools/hello.ts'), 'utf8')).toContain('export class Greetings')
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe(
      'node_modules/\n.portico/\ndist/\n',
    )
    const tsconfig = await readJson(join(dir, 'tsconfig.json'))
    expect(tsconfig).not.toHaveProperty('extends')
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, noEmit: true, types: ['node'] })
    expect(tsconfig.include).toContain('tests')
    for (const file of await filesUnder(dir)) {
      expect(await readFile(join(dir, file), 'utf8')).not.toContain('__PORTICO_')
    }
  })

  it('scaffolds the notes example, its files as in examples/notes', async () => {
    const { code, stderr } = await run(['my-notes', '--template', 'notes'])
    expect(stderr).toBe('')
    expect(code).toBe(0)

    const dir = join(workDir, 'my-notes')
    const exampleFiles = await filesUnder(exampleDir, ['node_modules', '.portico', 'dist'])
    expect(exampleFiles).toContain('tools/notes.ts')
    expect(exampleFiles).toContain('tests/notes.test.ts')
    expect(await filesUnder(dir)).toEqual([...exampleFiles, '.gitignore'].sort())
    for (const file of exampleFiles) {
      if (file === 'package.json' || file === 'tsconfig.json') continue
      expect(await readFile(join(dir, file)), file).toEqual(await readFile(join(exampleDir, file)))
    }

    const example = await readJson(join(exampleDir, 'package.json'))
    const manifest = await readJson(join(dir, 'package.json'))
    expect(manifest).toMatchObject({
      name: 'my-notes',
      version: '0.1.0',
      description: example.description,
      scripts: { ...(example.scripts as object), typecheck: 'tsc --noEmit' },
      dependencies: { portico: `^${version}` },
    })
    expect(manifest.scripts).toHaveProperty('test', 'tsx --test tests/*.test.ts')
    expect(manifest.devDependencies).toEqual({
      tsx: '4.23.15',
      typescript: '6.0.3',
      '@types/node': '20.19.43',
    })
    expect(manifest).not.toHaveProperty('author')

    const exampleTsconfig = await readJson(join(exampleDir, 'tsconfig.json'))
    const tsconfig = await readJson(join(dir, 'tsconfig.json'))
    expect(tsconfig).not.toHaveProperty('extends')
    expect(tsconfig.include).toEqual(exampleTsconfig.include)
    expect(tsconfig.include).toContain('tests')
    expect(tsconfig.compilerOptions).toMatchObject({
      ...(exampleTsconfig.compilerOptions as object),
      strict: true,
      module: 'NodeNext',
    })
  })

  it("runs the notes scaffold's own tool test, which fails when a tool breaks", async () => {
    const { code, stderr } = await run(['tested-notes', '--template', 'notes'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const dir = join(workDir, 'tested-notes')
    // portico (its built dist) and tsx resolve from the repository's install, as after npm install.
    await symlink(join(repoDir, 'node_modules'), join(dir, 'node_modules'), 'dir')

    const passed = await nodeTest(dir)
    expect(passed.code, passed.output).toBe(0)
    expect(passed.output).toMatch(/^ok \d+ - Notes_create makes an active note/m)
    expect(passed.output).toMatch(/^# pass 4$/m)
    expect(passed.output).toMatch(/^# fail 0$/m)

    // A tool that breaks fails the test: the runner does report, not just run.
    const tool = join(dir, 'tools/notes.ts')
    const source = await readFile(tool, 'utf8')
    const broken = source.replace("priority: input.priority ?? 'normal'", "priority: 'low'")
    expect(broken).not.toBe(source)
    await writeFile(tool, broken)
    const failed = await nodeTest(dir)
    expect(failed.code, failed.output).not.toBe(0)
    expect(failed.output).toMatch(/^not ok \d+ - Notes_create makes an active note/m)
    expect(failed.output).toMatch(/^# pass 3$/m)
    expect(failed.output).toMatch(/^# fail 1$/m)
    // Each run loads the plugin from its sources into .portico/ and removes it when done.
    expect(await readdir(join(dir, '.portico'))).toEqual([])
  })

  it('accepts an existing empty folder', async () => {
    await mkdir(join(workDir, 'empty-one'))
    const { code, stdout } = await run(['empty-one'])
    expect(code).toBe(0)
    expect(stdout).toContain('cd empty-one')
    expect(existsSync(join(workDir, 'empty-one/package.json'))).toBe(true)
  })
})

describe('refusals: exit 1, one clear line, nothing written', () => {
  it.each([
    {
      what: 'a folder that is not empty',
      args: ['taken'],
      message:
        'create-portico: taken already exists and is not empty: choose another name or empty it\n',
    },
    {
      what: 'a name with capitals and spaces',
      args: ['My Plugin'],
      message:
        'create-portico: invalid package name "My Plugin" (it is the folder\'s name): it has capital letters and contains spaces; try "my-plugin"\n',
    },
    {
      what: 'a name starting with a dot',
      args: ['.hidden'],
      message:
        'create-portico: invalid package name ".hidden" (it is the folder\'s name): it starts with a dot; try "hidden"\n',
    },
    {
      what: 'an upper-case name',
      args: ['UPPER'],
      message:
        'create-portico: invalid package name "UPPER" (it is the folder\'s name): it has capital letters; try "upper"\n',
    },
    {
      what: 'an unknown template',
      args: ['fine-name', '--template', 'nope'],
      message: 'create-portico: unknown template "nope": choose one of minimal, notes\n',
    },
    {
      what: 'an unknown option',
      args: ['fine-name', '--force'],
      message: "create-portico: unknown option '--force' (see create-portico --help)\n",
    },
  ])('$what', async ({ args, message }) => {
    const cwd = await mkdtemp(join(workDir, 'refusal-'))
    await mkdir(join(cwd, 'taken'))
    await writeFile(join(cwd, 'taken/keep.txt'), 'mine')
    const before = await filesUnder(cwd)

    const { code, stdout, stderr } = await run(args, cwd)
    expect(stderr).toBe(message)
    expect(stdout).toBe('')
    expect(code).toBe(1)
    expect(await filesUnder(cwd)).toEqual(before)
    expect(await readdir(cwd)).toEqual(['taken'])
    expect(await readFile(join(cwd, 'taken/keep.txt'), 'utf8')).toBe('mine')
  })

  it('prints the usage when the folder is missing', async () => {
    const { code, stdout, stderr } = await run([])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toMatch(
      /^create-portico: missing the folder to create\n\nUsage: create-portico <dir>/,
    )
  })
})

describe('--version and --help', () => {
  it('--version prints the package version', async () => {
    expect(version).toBe('0.1.0')
    expect(await run(['--version'])).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' })
  })

  it('--help prints the usage with both templates', async () => {
    const { code, stdout } = await run(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('Usage: create-portico <dir> [--template minimal|notes]')
  })
})

describe('versions', () => {
  it.each(['minimal', 'notes'])(
    "runs the %s template's tests with portico's own tsx",
    async (name) => {
      const portico = await readJson(join(repoDir, 'packages/portico/package.json'))
      const template = await readJson(join(packageDir, 'templates', name, 'package.json'))
      expect((template.devDependencies as Record<string, string>).tsx).toBe(
        (portico.optionalDependencies as Record<string, string>).tsx,
      )
    },
  )

  it("gives scaffolds the repository's own TypeScript and @types/node", async () => {
    const portico = await readJson(join(repoDir, 'packages/portico/package.json'))
    const root = await readJson(join(repoDir, 'package.json'))
    expect(scaffoldDevDependencies).toEqual({
      typescript: (portico.optionalDependencies as Record<string, string>).typescript,
      '@types/node': (root.devDependencies as Record<string, string>)['@types/node'],
    })
  })
})

describe('npm pack', () => {
  // What the build in beforeAll made; that prepack builds it from a clean copy is proven by
  // portico's install-from-tarballs test (rebuilding here would pull dist/ from under others).
  it('ships the bin, dist and both templates, and nothing else', async () => {
    const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: packageDir,
      env: npmEnv,
    })
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[]
    const paths = (packed?.files ?? []).map((file) => file.path)

    for (const path of [
      'package.json',
      'bin/create-portico.js',
      'dist/main.js',
      'dist/run-cli.js',
      'templates/minimal/package.json',
      'templates/minimal/gitignore',
      'templates/minimal/tools/hello.ts',
      'templates/minimal/tests/hello.test.ts',
      'templates/notes/package.json',
      'templates/notes/gitignore',
      'templates/notes/tsconfig.json',
      'templates/notes/tools/notes.ts',
      'templates/notes/tests/notes.test.ts',
    ]) {
      expect(paths).toContain(path)
    }
    for (const path of paths) {
      expect(path).toMatch(
        /^(bin\/|dist\/[\w-]+\.js$|templates\/|package\.json$|README\.md$|LICENSE$)/,
      )
      expect(path).not.toMatch(/(^|\/)(node_modules|\.portico)\//)
      // A template's own tests are part of it; the package's are not shipped.
      if (!path.startsWith('templates/')) expect(path).not.toMatch(/\.test\.|(^|\/)test\//)
    }
  })
})
