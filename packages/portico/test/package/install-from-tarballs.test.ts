// The new user's path, end to end, outside this repository: `npm create portico@latest`, `npm
// install`, a strict type-check against the published types, `npm run dev`, `npm run build` and
// `npm start`. The packages come from tarballs packed (with prepack) from a clean copy of the
// repository and are served by a local registry, so nothing resolves through the workspace.
// portico stands alone: a plugin's install has no @portico/hub (nor its oidc-provider and koa)
// until `portico hub` asks for it, and a production install leaves out the build tools too.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, PATIENCE_MS, pollUntil } from '../support/cli-process.js'
import { type LocalRegistry, startLocalRegistry } from '../support/local-registry.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { nestedNpmEnv } from '../support/nested-npm-env.js'

const repoRoot = resolve(import.meta.dirname, '../../../..')

/** A finished command. `code` is null when it was killed by a signal. */
interface Run {
  code: number | null
  output: string
}

/** A long-running command in its own process group, so that stopping it stops its children. */
interface Served {
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}

let work = ''
let registry: LocalRegistry | undefined
const servers = new Set<Served>()
/** The process groups of commands run to their end that have not ended yet. */
const commands = new Set<number>()
const tarballs: { portico: string; createPortico: string; hub: string } = {
  portico: '',
  createPortico: '',
  hub: '',
}
let pluginDir = ''

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portico-install-'))
})

afterAll(async () => {
  // A step that timed out leaves its command running: end it (and what it started) first.
  for (const group of commands) signalGroup(group, 'SIGKILL')
  const stopped = await Promise.allSettled([...servers].map((served) => served.stop()))
  await registry?.close()
  // The create-portico that npm exec installed came from a registry that is now gone.
  await removeNpxCreatePortico()
  if (work) await rm(work, { recursive: true, force: true })
  for (const result of stopped) if (result.status === 'rejected') throw result.reason
})

describe('portico, installed from its tarballs as a new user would', () => {
  it('packs portico, its hub and create-portico from a clean copy, building them in prepack', async () => {
    const tree = join(work, 'repo')
    await copyTree('tsconfig.base.json', tree, [])
    // The build writes docs/config.md, formatted as biome.json says (which reads .gitignore).
    await copyTree('biome.json', tree, [])
    await copyTree('.gitignore', tree, [])
    await copyTree('docs', tree, [])
    await copyTree('packages/portico', tree, [
      'dist',
      'site',
      'node_modules',
      '.portico',
      'test/.scratch',
    ])
    await copyTree('packages/docs-ui', tree, ['node_modules'])
    await copyTree('packages/hub', tree, ['dist', 'node_modules'])
    await copyTree('packages/create-portico', tree, ['dist', 'node_modules', 'templates/notes'])
    await copyTree('examples/notes', tree, ['node_modules', '.portico'])
    // tsc and the type packages resolve from the repository's install, as in a checkout; the
    // workspace links point into the copy, so portico's build finds only the hub prepack built.
    await linkInstall(tree)
    const packed = join(work, 'tarballs')
    await mkdir(packed)

    // Scripts stay on: prepack must build each package from nothing.
    // portico first, while the copied hub has no build: its prepack must make the one it needs.
    // The hub's own pack rebuilds it, so it waits rather than remove that build under tsc.
    expect(existsSync(join(tree, 'packages/hub/dist'))).toBe(false)
    const [porticoPack, createPack] = await Promise.all([
      run('npm', ['pack', '--pack-destination', packed], join(tree, 'packages/portico')),
      run('npm', ['pack', '--pack-destination', packed], join(tree, 'packages/create-portico')),
    ])
    const hubPack = await run(
      'npm',
      ['pack', '--pack-destination', packed],
      join(tree, 'packages/hub'),
    )
    expect(porticoPack.code, porticoPack.output).toBe(0)
    expect(createPack.code, createPack.output).toBe(0)
    expect(hubPack.code, hubPack.output).toBe(0)
    tarballs.portico = join(packed, 'portico-0.1.0.tgz')
    tarballs.createPortico = join(packed, 'create-portico-0.1.0.tgz')
    tarballs.hub = join(packed, 'portico-hub-0.1.0.tgz')
    const hubFiles = await tarFiles(tarballs.hub)
    expect(hubFiles).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/dist/index.js',
        'package/dist/index.d.ts',
      ]),
    )
    expect(hubFiles.filter((file) => /^package\/(src|test)\//.test(file))).toEqual([])

    const files = await tarFiles(tarballs.portico)
    expect(files).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/bin/portico.js',
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/dist/server/index.js',
        'package/dist/server/index.d.ts',
        'package/dist/cli/main.js',
        'package/schemas/contents.schema.json',
        'package/site/index.html',
      ]),
    )
    expect(
      files.filter((file) => /^package\/site\/assets\/.+\.js$/.test(file)).length,
    ).toBeGreaterThan(0)
    expect(files.filter((file) => file.endsWith('.js.map')).length).toBeGreaterThan(0)
    expect(files.filter((file) => file.includes('.test.'))).toEqual([])
    expect(files.filter((file) => file.startsWith('package/src/'))).toEqual([])
    expect(files.filter((file) => file.startsWith('package/test/'))).toEqual([])
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([])

    const createFiles = await tarFiles(tarballs.createPortico)
    expect(createFiles).toEqual(
      expect.arrayContaining([
        'package/bin/create-portico.js',
        'package/dist/main.js',
        'package/templates/minimal/tools/hello.ts',
        'package/templates/minimal/gitignore',
        'package/templates/notes/package.json',
        'package/templates/notes/gitignore',
      ]),
    )
    expect(createFiles.filter((file) => file.startsWith('package/src/'))).toEqual([])

    const size = (await stat(tarballs.portico)).size
    const createSize = (await stat(tarballs.createPortico)).size
    console.log(
      `packed: portico-0.1.0.tgz ${size} bytes (${files.length} files), create-portico-0.1.0.tgz ${createSize} bytes`,
    )
  })

  it('scaffolds a plugin with npm create portico@latest from a local registry', async () => {
    expect(tarballs.portico, 'the packing step did not finish').not.toBe('')
    registry = await startLocalRegistry({
      tarballs: [tarballs.portico, tarballs.createPortico, tarballs.hub],
      upstream: (await npmConfig('registry')) || 'https://registry.npmjs.org/',
    })
    // npm exec would reuse a create-portico it installed on an earlier run instead of ours.
    await removeNpxCreatePortico()
    const userDir = join(work, 'user')
    await mkdir(userDir)

    const created = await run(
      'npm',
      ['create', 'portico@latest', 'my-plugin', `--registry=${registry.url}`, '--yes'],
      userDir,
    )
    expect(created.code, `${created.output}\n${registry.log.join('\n')}`).toBe(0)
    expect(created.output).toContain('Created my-plugin from the minimal template.')
    pluginDir = join(userDir, 'my-plugin')

    expect(await listFiles(pluginDir)).toEqual([
      '.gitignore',
      'README.md',
      'package.json',
      'portico.config.ts',
      'prompts/greet.md',
      'tests/hello.test.ts',
      'tools/hello.ts',
      'tsconfig.json',
    ])
    const manifest = JSON.parse(await readFile(join(pluginDir, 'package.json'), 'utf8'))
    expect(manifest).toMatchObject({
      name: 'my-plugin',
      version: '0.1.0',
      scripts: {
        dev: 'portico dev',
        build: 'portico build',
        start: 'portico start',
        test: 'tsx --test tests/*.test.ts',
        typecheck: 'tsc --noEmit',
      },
      dependencies: { portico: '^0.1.0' },
    })
    expect(await readFile(join(pluginDir, 'tools/hello.ts'), 'utf8')).toContain('class Greetings')
  })

  it('installs portico 0.1.0 from its tarball with npm install, without the hub', async () => {
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    const started = performance.now()
    const installed = await run(
      'npm',
      ['install', `--registry=${registry?.url}`, '--prefer-offline', '--no-audit', '--no-fund'],
      pluginDir,
    )
    const elapsed = Math.round(performance.now() - started)
    expect(installed.code, installed.output).toBe(0)
    console.log(`npm install: ${elapsed} ms (${installed.output.match(/added \d+ packages/)?.[0]})`)

    const porticoDir = join(pluginDir, 'node_modules/portico')
    const manifest = JSON.parse(await readFile(join(porticoDir, 'package.json'), 'utf8'))
    expect(manifest.version).toBe('0.1.0')
    expect(existsSync(join(porticoDir, 'dist/index.d.ts'))).toBe(true)
    expect(existsSync(join(porticoDir, 'dist/server/index.js'))).toBe(true)
    expect(existsSync(join(porticoDir, 'src'))).toBe(false)
    // The hub is an optional peer: the registry has it, and npm leaves it out.
    expect(manifest.peerDependenciesMeta).toEqual({ '@portico/hub': { optional: true } })
    for (const absent of ['@portico/hub', 'oidc-provider', 'koa']) {
      expect(existsSync(join(pluginDir, 'node_modules', absent)), absent).toBe(false)
    }
    // The lockfile's integrity is our tarball's: no other portico (the registry's) was installed.
    const lock = JSON.parse(await readFile(join(pluginDir, 'package-lock.json'), 'utf8'))
    const tarball = await readFile(tarballs.portico)
    expect(lock.packages['node_modules/portico'].integrity).toBe(
      `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
    )
  })

  it('type-checks a host using both entries under the strictest options', async () => {
    // Checked first: with no folder, the paths below would name the repository's own files.
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    expect(existsSync(join(pluginDir, 'node_modules/typescript')), 'not installed').toBe(true)
    await writeFile(
      join(pluginDir, 'host.ts'),
      `import { defineConfig, PorticoError, type PorticoPluginContext } from 'portico'
import {
  type AppOptions,
  createApp,
  createFetchHandler,
  getAuthApp,
  loadBuiltPlugin,
} from 'portico/server'

export const config = defineConfig({ title: 'Host' })
export const error = new PorticoError('not_found', 'x', { details: [{ path: '/id', message: 'no' }] })
export type Ctx = PorticoPluginContext
export const handler = await createFetchHandler('.', { listenHost: '127.0.0.1' })

export async function serve(request: Request): Promise<Response> {
  const plugin = await loadBuiltPlugin('.')
  const options: AppOptions = { rootDir: plugin.rootDir, dev: false }
  const app = createApp(plugin.runtime, options)
  const auth = getAuthApp(plugin, { issuer: 'https://login.example.com/', scopes: ['notes.read'] })
  const first = await app.fetch(request)
  return first.status === 401 ? auth.fetch(request) : first
}
`,
    )
    const tsconfig = JSON.parse(await readFile(join(pluginDir, 'tsconfig.json'), 'utf8'))
    expect(tsconfig.include).toContain('*.ts')

    const strict = [
      '--noEmit',
      '--strict',
      '--exactOptionalPropertyTypes',
      '--noPropertyAccessFromIndexSignature',
    ]
    const tsc = join(pluginDir, 'node_modules/typescript/bin/tsc')
    const checked = await run(
      process.execPath,
      [tsc, '-p', '.', ...strict, '--skipLibCheck', 'false'],
      pluginDir,
    )
    console.log(`tsc --skipLibCheck false: exit ${checked.code}\n${checked.output}`)
    expect(checked.output).toBe('')
    expect(checked.code).toBe(0)
  })

  it("runs the scaffold's own tool test through portico/testing with npm test", async () => {
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    expect(existsSync(join(pluginDir, 'node_modules/.bin/tsx')), 'not installed').toBe(true)
    const tested = await run('npm', ['test'], pluginDir)
    expect(tested.code, tested.output).toBe(0)
    expect(tested.output).toMatch(/^ok \d+ - Greetings_hello greets by name$/m)
    expect(tested.output).toMatch(/^# pass 2$/m)
    expect(tested.output).toMatch(/^# fail 0$/m)
    // A failing tool fails npm test: the runner does report, not just run.
    const tool = join(pluginDir, 'tools/hello.ts')
    const source = await readFile(tool, 'utf8')
    await writeFile(tool, source.replace('`Hello, ', '`Hi, '))
    try {
      const failed = await run('npm', ['test'], pluginDir)
      expect(failed.code, failed.output).not.toBe(0)
      expect(failed.output).toMatch(/^# fail 1$/m)
    } finally {
      await writeFile(tool, source)
    }
  })

  it('serves REST, OpenAPI and MCP with npm run dev', async () => {
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    expect(existsSync(join(pluginDir, 'node_modules/.bin/portico')), 'not installed').toBe(true)
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const dev = serve(['run', 'dev'], pluginDir, { PORT: String(port), HOST: '127.0.0.1' })
    try {
      await waitForOk(`${url}/open-api.json`, dev)
      const response = await callHello(url)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ message: 'Hello, Ada!' })

      for (const { mode } of protocolEras) {
        const client = await connectMcpClient(`${url}/mcp`, mode)
        try {
          const result = await client.callTool({
            name: 'Greetings_hello',
            arguments: { name: 'Ada' },
          })
          expect(result.isError ?? false).toBe(false)
          expect(result.structuredContent).toEqual({ message: 'Hello, Ada!' })
        } finally {
          await client.close()
        }
      }
    } finally {
      await dev.stop()
    }
  })

  it('builds with npm run build and serves the build with npm start', async () => {
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    expect(existsSync(join(pluginDir, 'node_modules/.bin/portico')), 'not installed').toBe(true)
    const built = await run('npm', ['run', 'build'], pluginDir)
    expect(built.code, built.output).toBe(0)

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const started = serve(['start'], pluginDir, { PORT: String(port), HOST: '127.0.0.1' })
    try {
      await waitForOk(`${url}/open-api.json`, started)
      const response = await callHello(url)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ message: 'Hello, Ada!' })
      // The docs site ships in the package: an installed portico serves it at /.
      const page = await fetch(`${url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="app">')
    } finally {
      await started.stop()
    }
  })

  it('serves the build from a production install without the hub and the build tools', async () => {
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    expect(existsSync(join(pluginDir, '.portico')), 'the build step did not finish').toBe(true)
    // What a deployment ships: the build and the lockfile, installed for production only.
    const deployed = join(work, 'deployed')
    await mkdir(deployed)
    for (const entry of ['package.json', 'package-lock.json', 'portico.config.ts', '.portico']) {
      await cp(join(pluginDir, entry), join(deployed, entry), { recursive: true })
    }
    const installed = await run(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--omit=optional',
        `--registry=${registry?.url}`,
        '--no-audit',
        '--no-fund',
      ],
      deployed,
    )
    expect(installed.code, installed.output).toBe(0)
    const modules = join(deployed, 'node_modules')
    expect(existsSync(join(modules, 'portico/dist/index.js'))).toBe(true)
    for (const absent of ['@portico/hub', 'oidc-provider', 'koa', 'typescript', 'esbuild', 'tsx']) {
      expect(existsSync(join(modules, absent)), absent).toBe(false)
    }
    const { bytes, packages } = await measureInstall(modules)
    console.log(
      `production install (--omit=dev --omit=optional): ${packages} packages, ${bytes} bytes in node_modules`,
    )

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const started = serve(['start'], deployed, { PORT: String(port), HOST: '127.0.0.1' })
    try {
      await waitForOk(`${url}/open-api.json`, started)
      const response = await callHello(url)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ message: 'Hello, Ada!' })
      for (const { mode } of protocolEras) {
        const client = await connectMcpClient(`${url}/mcp`, mode)
        try {
          const result = await client.callTool({
            name: 'Greetings_hello',
            arguments: { name: 'Ada' },
          })
          expect(result.structuredContent).toEqual({ message: 'Hello, Ada!' })
        } finally {
          await client.close()
        }
      }
    } finally {
      await started.stop()
    }

    // What needs the build tools says so, in one line, instead of failing to load a module.
    await cp(join(pluginDir, 'tools'), join(deployed, 'tools'), { recursive: true })
    const built = await run('npm', ['exec', '--', 'portico', 'build'], deployed)
    expect(built.code, built.output).toBe(1)
    expect(built.output).toContain(
      'portico build reads TypeScript with typescript, esbuild, tsx, which this install left out',
    )
    expect(built.output).not.toContain('ERR_MODULE_NOT_FOUND')
  })

  it('runs the Portico hub with npx portico hub once @portico/hub is installed', async () => {
    expect(pluginDir, 'the scaffolding step did not finish').not.toBe('')
    const hubData = join(work, 'hub-data')
    const refused = await run(
      'npm',
      ['exec', '--', 'portico', 'hub', '--port', String(await freePort()), '--data', hubData],
      pluginDir,
    )
    expect(refused.code, refused.output).toBe(1)
    expect(refused.output).toContain('Install it with "npm install --save-dev @portico/hub"')

    const added = await run(
      'npm',
      [
        'install',
        '--save-dev',
        '@portico/hub',
        `--registry=${registry?.url}`,
        '--no-audit',
        '--no-fund',
      ],
      pluginDir,
    )
    expect(added.code, added.output).toBe(0)
    expect(existsSync(join(pluginDir, 'node_modules/oidc-provider'))).toBe(true)
    const port = await freePort()
    const hub = serve(
      ['exec', '--', 'portico', 'hub', '--port', String(port), '--data', hubData],
      pluginDir,
      {},
    )
    try {
      const discovery = `http://localhost:${port}/.well-known/openid-configuration`
      await waitForOk(discovery, hub)
      expect(await (await fetch(discovery)).json()).toMatchObject({
        issuer: `http://localhost:${port}`,
        client_id_metadata_document_supported: true,
      })
    } finally {
      await hub.stop()
    }
  })
})

const leftovers = new Set(['node_modules', '.portico', '.scratch'])

/** Copies `path` of the repository into `tree`, leaving out `skipped` (relative to `path`). */
async function copyTree(path: string, tree: string, skipped: string[]): Promise<void> {
  const source = join(repoRoot, path)
  const left = new Set(skipped.map((skip) => join(source, skip)))
  await cp(source, join(tree, path), {
    recursive: true,
    // Also leftovers of installs and runs anywhere below: other test files create and delete
    // fixtures' `.portico/` while this copy runs, and a vanished file would fail the copy.
    filter: (file) => !left.has(file) && !file.split(sep).some((part) => leftovers.has(part)),
  })
}

/**
 * Gives `tree` a `node_modules` of links: to the repository's installed packages, and for the
 * workspaces to their folders in `tree` (the links are relative), as `npm install` would.
 */
async function linkInstall(tree: string): Promise<void> {
  const link = async (from: string, to: string) => {
    for (const entry of await readdir(from, { withFileTypes: true })) {
      const source = join(from, entry.name)
      const target = join(to, entry.name)
      if (entry.isSymbolicLink()) await symlink(await readlink(source), target)
      else if (entry.name.startsWith('@') && entry.isDirectory()) {
        await mkdir(target)
        await link(source, target)
      } else await symlink(source, target)
    }
  }
  await mkdir(join(tree, 'node_modules'))
  await link(join(repoRoot, 'node_modules'), join(tree, 'node_modules'))
}

/** The bytes of the files under `modules` and the packages in it (folders with a package.json). */
async function measureInstall(modules: string): Promise<{ bytes: number; packages: number }> {
  const entries = await readdir(modules, { recursive: true, withFileTypes: true })
  let bytes = 0
  let packages = 0
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    bytes += (await stat(path)).size
    // The folder's path below the innermost node_modules: a package's is its name.
    const inside = relative(modules, entry.parentPath).split(sep)
    const name = inside.slice(inside.lastIndexOf('node_modules') + 1)
    if (entry.name === 'package.json' && name.length === (name[0]?.startsWith('@') ? 2 : 1)) {
      packages++
    }
  }
  return { bytes, packages }
}

async function tarFiles(tarball: string): Promise<string[]> {
  const listed = await run('tar', ['-tzf', tarball], work)
  expect(listed.code, listed.output).toBe(0)
  return listed.output.split('\n').filter((line) => line !== '')
}

/** The files under `dir`, relative and sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

async function npmConfig(key: string): Promise<string> {
  const got = await run('npm', ['config', 'get', key], work)
  expect(got.code, got.output).toBe(0)
  // npm may print warnings about the user's config on stderr; the value is the last line.
  return got.output.trim().split('\n').at(-1)?.trim() ?? ''
}

/** Deletes npm exec's cached installs of create-portico (`<cache>/_npx/<hash>`). */
async function removeNpxCreatePortico(): Promise<void> {
  const npxDir = join(await npmConfig('cache'), '_npx')
  const hashes = await readdir(npxDir).catch(() => [])
  for (const hash of hashes) {
    if (existsSync(join(npxDir, hash, 'node_modules/create-portico'))) {
      await rm(join(npxDir, hash), { recursive: true, force: true })
    }
  }
}

/** Runs a command to its end, with stdout and stderr interleaved as a user would see them. */
function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((done, fail) => {
    // Its own process group, so that afterAll can end it with the tsc or npm it started.
    const child = spawn(command, args, {
      cwd,
      env: nestedNpmEnv({ NO_COLOR: '1', FORCE_COLOR: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const group = child.pid
    if (group !== undefined) commands.add(group)
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8')
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('error', (error) => fail(new Error(`Could not run ${command}: ${error.message}`)))
    child.once('close', (code) => {
      if (group !== undefined) commands.delete(group)
      done({ code, output })
    })
  })
}

/** Starts `npm <args>` as its own process group; `stop()` sends the group SIGTERM and waits. */
function serve(args: string[], cwd: string, env: Record<string, string>): Served {
  const child = spawn('npm', args, {
    cwd,
    env: nestedNpmEnv({ NO_COLOR: '1', FORCE_COLOR: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8')
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const served: Served = {
    child,
    output: () => output,
    async stop() {
      servers.delete(served)
      const group = child.pid
      if (group === undefined) return
      signalGroup(group, 'SIGTERM')
      await exited
      // npm exits once its child does; the server's own children must be gone too.
      try {
        await pollUntil(async () => (groupAlive(group) ? undefined : true), { everyMs: 50 })
      } catch {
        signalGroup(group, 'SIGKILL')
        throw new Error(`${args.join(' ')} left processes running after SIGTERM:\n${output}`)
      }
    },
  }
  servers.add(served)
  return served
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal)
  } catch {
    // Already gone.
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0)
    return true
  } catch {
    return false
  }
}

/** Waits for `url` to answer 200, failing early with the output when the server exits. */
async function waitForOk(url: string, served: Served, timeoutMs = PATIENCE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (served.child.exitCode !== null) {
      throw new Error(`The server exited with ${served.child.exitCode}:\n${served.output()}`)
    }
    try {
      const response = await fetch(url)
      if (response.status === 200) return
      last = `status ${response.status}`
    } catch (error) {
      // Connection refused until the server listens.
      last = String(error)
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(
    `${url} did not answer 200 within ${timeoutMs} ms (${last}); output:\n${served.output()}`,
  )
}

function callHello(url: string): Promise<Response> {
  return fetch(`${url}/api/Greetings/hello`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada' }),
  })
}
