import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'esbuild'

const exec = promisify(execFile)

/** Where the compiled servers go (git-ignored). */
const compiledServersDir = resolve(import.meta.dirname, '../.build')

const serversDir = resolve(import.meta.dirname, '../servers')

/**
 * Compiles `servers/*.ts` to plain ESM once, so every server, Portico's and the peers', runs as
 * JavaScript on bare `node`: no TypeScript loader in the measured processes, cold start included.
 * xmcp's own build comes first: `servers/xmcp.ts` runs its output.
 */
export async function compileServers(): Promise<Map<string, string>> {
  await buildXmcpServer()
  const files = (await readdir(serversDir)).filter((name) => name.endsWith('.ts'))
  await build({
    entryPoints: files.map((name) => join(serversDir, name)),
    outdir: compiledServersDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
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
