import { readdirSync } from 'node:fs'
import { SITE_DIR } from '../../src/surfaces/docs/site-files.js'
import { fixtureDir } from '../support/serve-plugin.js'

/** The fixture plugin of the hostile-input tests: every surface, one tool that reports. */
export const HOSTILE_PLUGIN_DIR = fixtureDir('hostile-plugin')

/** The fixture's `limits.bodyBytes`. */
export const BODY_LIMIT = 64 * 1024

/** What a tool of the fixture is, for the tests: where it is and which inputs it takes. */
export interface FixtureTool {
  name: string
  restPath: string
  /** The MCP servers that list it: `''` is `/mcp`. */
  servers: readonly string[]
  /** Whether the tool's input schema takes this value (the model the tests judge by). */
  accepts(input: unknown): boolean
  /** What the tool answers an input it takes. */
  answer(input: Record<string, unknown>): unknown
}

/** The fixture's tools. */
export const FIXTURE_TOOLS: readonly FixtureTool[] = [
  {
    name: 'Inspect_report',
    restPath: '/api/Inspect/report',
    servers: [''],
    accepts: isObject,
    answer: (input) => ({
      ownKeys: Object.keys(input),
      foreignPrototypes: [],
      inherited: [],
      polluted: [],
    }),
  },
  {
    name: 'Inspect_pair',
    restPath: '/api/Inspect/pair',
    servers: [''],
    accepts: (input) =>
      isObject(input) &&
      hasOnlyKeys(input, ['a', 'b', 'note']) &&
      Number.isFinite(input.a) &&
      Number.isFinite(input.b) &&
      (input.note === undefined || typeof input.note === 'string'),
    answer: (input) => ({ a: input.a, b: input.b }),
  },
  {
    name: 'Inspect_tree',
    restPath: '/api/Inspect/tree',
    servers: [''],
    accepts: (input) => isObject(input) && hasOnlyKeys(input, ['root']) && isTree(input.root),
    answer: (input) => ({ depth: treeDepthOf(input.root) }),
  },
  {
    name: 'Inspect_greet',
    restPath: '/api/Inspect/greet',
    servers: [''],
    accepts: (input) =>
      isObject(input) && hasOnlyKeys(input, ['name']) && typeof input.name === 'string',
    answer: (input) => ({ greeting: `Hello, ${input.name}` }),
  },
  {
    name: 'Side_ping',
    restPath: '/api/Side/ping',
    servers: ['', 'side'],
    accepts: (input) => isObject(input) && hasOnlyKeys(input, []),
    answer: () => ({ pong: true }),
  },
]

/** The named MCP servers, beside `/mcp` itself. */
export const MCP_SERVERS: readonly string[] = ['side']

/** Every path a GET may answer 200 (or 304) on, as the routes see it: decoded, dots resolved. */
export const SERVED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/open-api.json',
  '/types.json',
  '/plugin.json',
  '/.claude-plugin/plugin.json',
  '/mcp.json',
  '/mcp-server.json',
  '/com.portico.plugin/contents.json',
  '/readme.md',
  '/plugin.zip',
  '/skills/catalog.json',
  '/skills/probe.zip',
  '/skills/probe.skill',
  '/skills/probe/SKILL.md',
  '/agents/catalog.json',
  '/agents/helper.md',
  '/agents/helper.json',
  '/icons/0',
  '/mcp/tools.json',
  '/mcp/prompts.json',
  '/mcp/resources.json',
  '/mcp/resource-templates.json',
  '/mcp/side/tools.json',
  '/widgets/Inspect_report',
  '/widget-assets/hello.txt',
  '/widget-assets/_portico/widget.js',
  '/hello.txt',
  ...readdirSync(`${SITE_DIR}assets`).map((name) => `/assets/${name}`),
])

/** Paths that redirect: the favicon and the docs site's old pages. */
export const REDIRECTED_PATHS: ReadonlySet<string> = new Set([
  '/favicon.ico',
  '/index.html',
  '/docs.html',
  '/mcp.html',
  '/explorer.html',
  '/skills.html',
  '/agents.html',
])

/** Whether `uri` names a resource of the fixture: its file, or an item by a number from 1. */
export function isFixtureResource(uri: string): boolean {
  if (/^hostile:\/\/note$/i.test(uri)) return true
  // What resources/list lists besides the plugin's own: its skill's files and its widget page.
  if (uri === 'skill://probe/SKILL.md' || uri === 'ui://widgets/Inspect_report.html') return true
  const id = /^hostile:\/\/items\/([^/?#]+)$/i.exec(uri)?.[1]
  if (id === undefined) return false
  return [id, decodeOrUndefined(id)].some(
    (text) =>
      text !== undefined &&
      /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text) &&
      Number.isInteger(Number(text)) &&
      Number(text) >= 1,
  )
}

export function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a value is a `TreeNode` of the fixture: objects with only `children`, to any depth. */
function isTree(root: unknown): boolean {
  const pending = [root]
  while (pending.length > 0) {
    const node = pending.pop()
    if (!isObject(node) || !hasOnlyKeys(node, ['children'])) return false
    if (node.children === undefined) continue
    if (!Array.isArray(node.children)) return false
    pending.push(...node.children)
  }
  return true
}

/** How many levels of nodes a valid tree has, counted level by level. */
function treeDepthOf(root: unknown): number {
  let depth = 0
  for (let level = [root]; level.length > 0; depth += 1) {
    level = level.flatMap((node) => (node as { children?: unknown[] }).children ?? [])
  }
  return depth
}

/** How deep a parsed value nests arrays and objects (a scalar is 0). */
export function nestingOf(value: unknown): number {
  let deepest = 0
  const pending: [unknown, number][] = [[value, 0]]
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [item, depth] = entry
    if (typeof item !== 'object' || item === null) continue
    deepest = Math.max(deepest, depth + 1)
    for (const child of Object.values(item)) pending.push([child, depth + 1])
  }
  return deepest
}

function hasOnlyKeys(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(value).every((key) => keys.includes(key))
}

/** What a tool answers an input it takes, as JSON carries it (`-0` arrives as `0`). */
export function expectedAnswer(tool: FixtureTool, input: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(tool.answer(input)))
}

/** A tool of the fixture, by name. */
export function toolNamed(name: string): FixtureTool {
  return FIXTURE_TOOLS.find((tool) => tool.name === name) as FixtureTool
}
