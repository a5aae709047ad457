import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { isBuiltin } from 'node:module'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { type BuildOptions, build, type Plugin } from 'esbuild'

const exec = promisify(execFile)

/** Where the compiled servers go (git-ignored). */
const compiledServersDir = resolve(import.meta.dirname, '../.build')

const serversDir = resolve(import.meta.dirname, '../servers')

/**
 * The worker of `server.isolateTools`' pool: the pool finds it beside its own module
 * (`new URL('./isolated-tool-worker.js', import.meta.url)`), which once bundled is the server's
 * file in `.build/`, so it is compiled there under that name.
 */
const isolatedToolWorker = resolve(
  import.meta.dirname,
  '../../packages/portico/src/invoke/isolated-tool-worker.ts',
)

/** The repository's packages: Portico's own sources, which the Portico servers bundle. */
const packagesDir = resolve(import.meta.dirname, '../../packages')

/** Marks the resolution {@link packagesFromTheirInstall} asks of esbuild itself. */
const resolving = Symbol('resolving')

/**
 * Leaves every package out of the bundle, imported at run time, and has Portico's own modules
 * import theirs by path, as the repository installed them. Imported by name from `.build/`, a
 * package would be looked up in the bench's own `node_modules` first, where a peer's dependency
 * may hoist another version of it: Lighthouse's `@sentry/node` brings `@opentelemetry/resources`
 * 1.x, which lacks what Portico's tracing calls, and the traced server failed at start.
 */
const packagesFromTheirInstall: Plugin = {
  name: 'packages-from-their-install',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving || isBuiltin(args.path)) return undefined
      if (!args.importer.startsWith(packagesDir)) return { path: args.path, external: true }
      const found = await bundler.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: resolving,
      })
      if (found.errors.length > 0) return { errors: found.errors }
      return { path: found.path, external: true }
    })
  },
}

/** One bundle of plain ESM for bare `node`, its packages imported from node_modules. */
const plainEsm: BuildOptions = {
  bundle: true,
  plugins: [packagesFromTheirInstall],
  // A package is found as Node finds it: no `module` field or condition, which esbuild adds.
  conditions: ['node'],
  mainFields: ['main'],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
}

/**
 * Compiles `servers/*.ts` to plain ESM once, so every server, Portico's and the peers', runs as
 * JavaScript on bare `node`: no TypeScript loader in the measured processes, cold start included.
 * xmcp's own build comes first: `servers/xmcp.ts` runs its output. The tool worker of
 * `server.isolateTools` is compiled beside them.
 */
export async function compileServers(): Promise<Map<string, string>> {
  await buildXmcpServer()
  const files = (await readdir(serversDir)).filter((name) => name.endsWith('.ts'))
  await build({
    ...plainEsm,
    entryPoints: files.map((name) => join(serversDir, name)),
    outdir: compiledServersDir,
    outExtension: { '.js': '.mjs' },
    // What a server imports lazily stays lazy, as under `portico start`: in one file, every
    // package a lazy module imports would load at start (Portico's MCP SDK for a REST load).
    // The chunks sit beside the servers, where the tool worker is looked for.
    splitting: true,
    chunkNames: 'chunk-[hash]',
  })
  await build({
    ...plainEsm,
    entryPoints: [isolatedToolWorker],
    outfile: join(compiledServersDir, 'isolated-tool-worker.js'),
  })
  return new Map(
    files.map((name) => [
      name.replace(/\.ts$/, ''),
      join(compiledServersDir, name.replace(/\.ts$/, '.mjs')),
    ]),
  )
}

/**
 * `xmcp build` in `servers/xmcp/`: its compiler bundles the tool files and its runtime into
 * `servers/xmcp/dist/http.js` (git-ignored), as a user's production build would. The compiler's
 * telemetry is turned off with its documented variable: nothing leaves the machine.
 */
export async function buildXmcpServer(): Promise<void> {
  const cli = resolve(import.meta.dirname, '../node_modules/xmcp/dist/cli.js')
  await exec(process.execPath, [cli, 'build'], {
    cwd: join(serversDir, 'xmcp'),
    env: { ...process.env, XMCP_TELEMETRY_DISABLED: 'true', NODE_ENV: 'production' },
    timeout: 120_000,
  })
}
