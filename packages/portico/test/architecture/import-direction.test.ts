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

/**
 * The rooms of the MCP wing (`surfaces/mcp/`), top first, with the same rule: `.` holds the
 * routes; `sessions/` builds on the SDK's leg; `hot/` and `sdk/` are two ways to answer and never
 * import each other (the hot path must not load the SDK); `subscriptions/` delivers what
 * changed to the sessions and listen streams that asked; `tasks/` runs a call as a task for
 * either; all run `calls/` over the `catalog/`; `wire/` (the JSON-RPC envelope and the per-era
 * rules) imports no other room.
 */
const mcpRooms: string[][] = [
  ['.'],
  ['sessions'],
  ['hot', 'sdk'],
  ['subscriptions'],
  ['tasks'],
  ['calls'],
  ['catalog'],
  ['wire'],
]

/** The room of the MCP wing a source file belongs to, or `undefined` outside the wing. */
function mcpRoomOf(file: string): string | undefined {
  const parts = file.split('/')
  if (parts[0] !== 'surfaces' || parts[1] !== 'mcp') return undefined
  return parts.length === 3 ? '.' : parts[2]
}

/** Why importing `target` from `file` breaks the order of the MCP wing's rooms, if it does. */
export function mcpRoomProblem(file: string, target: string): string | undefined {
  const [from, to] = [mcpRoomOf(file), mcpRoomOf(target)]
  if (from === undefined || to === undefined || from === to) return undefined
  const rank = (room: string) => {
    const found = mcpRooms.findIndex((layer) => layer.includes(room))
    if (found === -1) throw new Error(`surfaces/mcp/${room} is no room of the wing: add it above`)
    return found
  }
  const [fromRank, toRank] = [rank(from), rank(to)]
  if (toRank > fromRank) return undefined
  return `${file} imports ${target}: ${toRank === fromRank ? 'sideways' : 'up'} in the MCP wing (${from} -> ${to})`
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
    expect(importProblem('stores/a.ts', 'surfaces/mcp/b.ts')).toMatch(/up/)
    expect(importProblem('surfaces/mcp/sessions/a.ts', 'stores/b.ts')).toBeUndefined()
  })

  it('judges the rooms of the MCP wing: hot/ never imports sdk/, wire/ no other room', () => {
    expect(mcpRoomProblem('surfaces/mcp/hot/a.ts', 'surfaces/mcp/sdk/b.ts')).toMatch(/sideways/)
    expect(mcpRoomProblem('surfaces/mcp/sdk/a.ts', 'surfaces/mcp/hot/b.ts')).toMatch(/sideways/)
    for (const room of ['catalog', 'calls', 'tasks', 'hot', 'sdk', 'sessions'])
      expect(mcpRoomProblem('surfaces/mcp/wire/a.ts', `surfaces/mcp/${room}/b.ts`)).toMatch(/up/)
    expect(mcpRoomProblem('surfaces/mcp/wire/a.ts', 'surfaces/mcp/mcp-routes.ts')).toMatch(/up/)
    expect(mcpRoomProblem('surfaces/mcp/hot/a.ts', 'surfaces/mcp/wire/b.ts')).toBeUndefined()
    expect(mcpRoomProblem('surfaces/mcp/mcp-routes.ts', 'surfaces/mcp/sdk/b.ts')).toBeUndefined()
  })

  it('has no import that points up or sideways', () => {
    // Colocated tests may reach across, to prove that two surfaces agree; shipped code never.
    const shipped = listSources(srcDir).filter((file) => !file.endsWith('.test.ts'))
    const problems = shipped.flatMap((file) =>
      relativeImports(file).flatMap((target) =>
        target.startsWith('..')
          ? [`${file} imports ${target}, outside src/`]
          : (importProblem(file, target) ?? mcpRoomProblem(file, target) ?? []),
      ),
    )
    expect(problems).toEqual([])
  })

  it('keeps stores/ free of the surfaces, and sorts every file of the MCP wing into a room', () => {
    const shipped = listSources(srcDir).filter((file) => !file.endsWith('.test.ts'))
    const fromStores = shipped
      .filter((file) => file.startsWith('stores/'))
      .flatMap((file) => relativeImports(file).filter((target) => target.startsWith('surfaces/')))
    expect(fromStores).toEqual([])
    const unsorted = shipped.filter((file) => {
      const room = mcpRoomOf(file)
      return room !== undefined && !mcpRooms.some((layer) => layer.includes(room))
    })
    expect(unsorted).toEqual([])
  })
})
