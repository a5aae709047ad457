import type { PluginOverview } from './documents.js'
import {
  type Components,
  findOperation,
  type OpenApiDocument,
  type OpenApiSchema,
  resolveRequestBody,
  resolveSchema,
} from './json-schema.js'
import { href } from './router.js'

/** What the site's search finds: the things that have a page of their own. */
export type SearchKind = 'tool' | 'prompt' | 'skill' | 'agent'

/** One findable thing, with the words it is found by. */
export interface SearchEntry {
  kind: SearchKind
  /** What a result shows first: a tool's title or method, a prompt's title or name. */
  label: string
  /** Names it goes by (a tool's id, class and method, a prompt's name). */
  names: string[]
  description: string
  /** A tool's input property names (nested ones too), a prompt's argument names. */
  parameters: string[]
  /** Its page. */
  href: string
}

/** Where a query's words were found, for the result to say why it is there. */
export type MatchField = 'name' | 'parameter' | 'description'

/** A result: the entry and the field its best match was in (with the parameter, if one). */
export interface SearchHit {
  entry: SearchEntry
  field: MatchField
  /** The parameter name that matched, when `field` is `parameter`. */
  parameter?: string
  score: number
}

/** How deep a tool's input is searched for property names: a recursive type would not end. */
const PARAMETER_DEPTH = 3

/** Property names of an input schema, outer ones first, each once. */
function propertyNames(schema: OpenApiSchema, components: Components): string[] {
  const names = new Set<string>()
  const visit = (node: OpenApiSchema, depth: number) => {
    if (depth > PARAMETER_DEPTH) return
    const resolved = resolveSchema(node, components)
    for (const [name, property] of Object.entries(resolved.schema.properties ?? {})) {
      names.add(name)
      visit(property, depth + 1)
    }
    if (resolved.schema.items) visit(resolved.schema.items, depth + 1)
    for (const branch of resolved.branches) visit(branch, depth + 1)
  }
  visit(schema, 0)
  return [...names]
}

/**
 * Every tool, prompt, skill and agent of the plugin as a search entry. With the OpenAPI
 * document, a tool is found by its input's property names and its whole description too.
 */
export function buildSearchIndex(
  overview: PluginOverview,
  api?: OpenApiDocument | undefined,
): SearchEntry[] {
  const components = api?.components.schemas ?? {}
  const tools = overview.tools.map((tool): SearchEntry => {
    const operation = api ? findOperation(api, tool.id) : undefined
    const body = resolveRequestBody(operation?.requestBody, api?.components.requestBodies)
    const input = body?.content['application/json']?.schema
    return {
      kind: 'tool',
      label: tool.title ?? tool.methodName,
      names: [tool.id, tool.className, tool.methodName, ...(tool.title ? [tool.title] : [])],
      description: operation?.description ?? tool.summary ?? '',
      parameters: input ? propertyNames(input, components) : [],
      href: href('tools', tool.id),
    }
  })
  const prompts = overview.prompts.map(
    (prompt): SearchEntry => ({
      kind: 'prompt',
      label: prompt.title ?? prompt.name,
      names: [prompt.name, ...(prompt.title ? [prompt.title] : [])],
      description: [prompt.description, ...prompt.arguments.map((arg) => arg.description)]
        .filter(Boolean)
        .join(' '),
      parameters: prompt.arguments.map((arg) => arg.name),
      href: href('prompts', prompt.name),
    }),
  )
  const named = (kind: 'skill' | 'agent', name: string, description: string): SearchEntry => ({
    kind,
    label: name,
    names: [name],
    description,
    parameters: [],
    href: href(`${kind}s`, name),
  })
  return [
    ...tools,
    ...prompts,
    ...overview.skills.map((skill) => named('skill', skill.name, skill.description)),
    ...overview.agents.map((agent) => named('agent', agent.name, agent.description)),
  ]
}

/** Where one query word matched, and how well. */
type WordMatch = Omit<SearchHit, 'entry'>

/** The best match of one query word in an entry, or `undefined` when it is nowhere. */
function matchWord(entry: SearchEntry, word: string): WordMatch | undefined {
  let best: WordMatch | undefined
  const offer = (candidate: WordMatch) => {
    if (!best || candidate.score > best.score) best = candidate
  }
  for (const name of entry.names) {
    const lower = name.toLowerCase()
    if (lower === word) offer({ field: 'name', score: 100 })
    else if (lower.startsWith(word)) offer({ field: 'name', score: 60 })
    // A word of the name (`create` in `Notes_create`, `pro` in `Board Progress`).
    else if (lower.split(/[^a-z0-9]+/).some((part) => part.startsWith(word)))
      offer({ field: 'name', score: 50 })
    else if (lower.includes(word)) offer({ field: 'name', score: 40 })
  }
  for (const parameter of entry.parameters) {
    const lower = parameter.toLowerCase()
    if (lower === word) offer({ field: 'parameter', parameter, score: 30 })
    else if (lower.includes(word)) offer({ field: 'parameter', parameter, score: 20 })
  }
  if (entry.description.toLowerCase().includes(word)) offer({ field: 'description', score: 10 })
  return best
}

/** The order of kinds among results of equal score: as the sidebar lists them. */
const KIND_ORDER: SearchKind[] = ['tool', 'prompt', 'skill', 'agent']

/**
 * The entries that hold every word of `query` (case-insensitive, in a name, a parameter or the
 * description), best first: a name before a parameter before a description. The field shown is
 * that of the best-matching word. An empty query finds nothing.
 */
export function searchEntries(entries: SearchEntry[], query: string, limit = 20): SearchHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const hits: SearchHit[] = []
  for (const entry of entries) {
    const matches = words.map((word) => matchWord(entry, word))
    if (matches.some((match) => match === undefined)) continue
    const found = matches.filter((match) => match !== undefined)
    const best = found.reduce((a, b) => (b.score > a.score ? b : a))
    const score = found.reduce((sum, match) => sum + match.score, 0)
    hits.push({ ...best, entry, score })
  }
  return hits
    .sort(
      (a, b) =>
        b.score - a.score ||
        KIND_ORDER.indexOf(a.entry.kind) - KIND_ORDER.indexOf(b.entry.kind) ||
        a.entry.label.localeCompare(b.entry.label),
    )
    .slice(0, limit)
}
