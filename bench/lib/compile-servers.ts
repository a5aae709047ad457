import { readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'

/** Where the compiled servers go (git-ignored). */
export const compiledServersDir = resolve(import.meta.dirname, '../.build')

/**
 * Compiles `servers/*.ts` to plain ESM once, so every server, Portico's and the peers', runs as
 * JavaScript on bare `node`: no TypeScript loader in the measured processes, cold start included.
 */
export async function compileServers(): Promise<Map<string, string>> {
  const serversDir = resolve(import.meta.dirname, '../servers')
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
