import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const hubDir = resolve(import.meta.dirname, '..')

/** Every import specifier of a TypeScript source. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    ([, specifier = '']) => specifier,
  )
}

describe('@portico/hub', () => {
  it('imports nothing from portico, by name or by path', async () => {
    const files = (await readdir(join(hubDir, 'src'), { recursive: true })).filter((file) =>
      file.endsWith('.ts'),
    )
    expect(files.length).toBeGreaterThan(10)
    const offending: string[] = []
    for (const file of files) {
      for (const specifier of specifiers(await readFile(join(hubDir, 'src', file), 'utf8'))) {
        if (/^portico(\/|$)/.test(specifier) || /(^|\/)portico\/src\//.test(specifier)) {
          offending.push(`${file}: ${specifier}`)
        }
        if (
          specifier.startsWith('.') &&
          !resolve(hubDir, 'src', file, '..', specifier).startsWith(`${hubDir}/src`)
        ) {
          offending.push(`${file}: ${specifier}`)
        }
      }
    }
    expect(offending).toEqual([])
    const manifest = JSON.parse(await readFile(join(hubDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies)).not.toContain('portico')
  })
})
