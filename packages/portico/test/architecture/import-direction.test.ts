import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const srcDir = resolve(import.meta.dirname, '../../src')

/**
 * The layers of `src/`, top first. A module may import from its own folder and from any layer
 * below its own; never from a layer above, and never sideways: two folders of one layer (two
 * surfaces, or `plugin` and a surface) do not import each other.
 */
const layers: string[][] = [
  ['.'],
  ['cli', 'testing'],
  ['server'],
  ['surfaces/*', 'plugin'],
  ['stores'],
  ['auth'],
  ['http'],
  ['invoke'],
  ['model'],
  ['config'],
  ['core'],
]

/** The unit a source file belongs to: `surfaces/<name>`, a top folder, or `.` for the entries. */
function unitOf(file: string): string {
  const parts = file.split('/')
  if (parts.length === 1) return '.'
  if (parts[0] === 'surfaces') return `surfaces/${parts[1]}`
  return parts[0] as string
}

function rankOf(unit: string): number {
  const key = unit.startsWith('surfaces/') ? 'surfaces/*' : unit
  const rank = layers.findIndex((layer) => layer.includes(key))
  if (rank === -1) throw new Error(`src/${unit} belongs to no layer: add it to the list above`)
  return rank
}

/** Why importing `target` from `file` breaks the layering, or `undefined` when it does not. */
export function importProblem(file: string, target: string): string | undefined {
  const from = unitOf(file)
  const to = unitOf(target)
  if (from === to) return undefined
  const [fromRank, toRank] = [rankOf(from), rankOf(to)]
  if (toRank > fromRank) return undefined
  return `${file} imports ${target}: ${toRank === fromRank ? 'sideways' : 'up'} (${from} -> ${to})`
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listSources(path)
    return entry.name.endsWith('.ts') ? [relative(srcDir, path)] : []
  })
}

/** Relative specifiers of static imports, re-exports and dynamic `import()`. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(srcDir, file), 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
  return specifiers.map((match) => {
    const target = resolve(dirname(join(srcDir, file)), match[1] as string)
    return relative(srcDir, target).replace(/\.js$/, '.ts')
  })
}

describe('import direction in src/', () => {
  it('judges the rule itself: down is fine, up and sideways are not', () => {
    expect(importProblem('server/create-app.ts', 'http/cors.ts')).toBeUndefined()
    expect(importProblem('http/cors.ts', 'server/create-app.ts')).toMatch(/up/)
    expect(importProblem('surfaces/rest/a.ts', 'surfaces/mcp/b.ts')).toMatch(/sideways/)
    expect(importProblem('surfaces/rest/a.ts', 'surfaces/rest/b.ts')).toBeUndefined()
    expect(importProblem('config/a.ts', 'model/b.ts')).toMatch(/up/)
    expect(importProblem('plugin/a.ts', 'surfaces/mcp/b.ts')).toMatch(/sideways/)
  })

  it('has no import that points up or sideways', () => {
    // Colocated tests may reach across, to prove that two surfaces agree; shipped code never.
    const shipped = listSources(srcDir).filter((file) => !file.endsWith('.test.ts'))
    const problems = shipped.flatMap((file) =>
      relativeImports(file).flatMap((target) =>
        target.startsWith('..')
          ? [`${file} imports ${target}, outside src/`]
          : (importProblem(file, target) ?? []),
      ),
    )
    expect(problems).toEqual([])
  })
})
