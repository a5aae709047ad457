import type { AgentDefinition, PluginModel } from '../../model/plugin-model.js'
import { type AgentUrls, buildAgentUrls } from './document-urls.js'

/** One agent in `/agents/catalog.json` and in the overview: its name and its three views. */
export interface AgentCatalogEntry extends AgentUrls {
  name: string
  /** When an assistant should delegate to the agent. */
  description: string
}

/** `/agents/catalog.json`: every agent of the plugin, sorted by name. */
export interface AgentsCatalog {
  agents: AgentCatalogEntry[]
}

/** An entry of an agent's `tools` or `disallowedTools`. */
export interface AgentToolReference {
  /** The entry as written (`Read`, `Notes_create`, `mcp__github`). */
  name: string
  /** Present when the entry is exactly the id of one of this plugin's tools. */
  toolId?: string
}

/**
 * `/agents/<name>.json`: the agent resolved. Only the frontmatter fields that plugin agents may
 * use are kept (plus `color`), each with its type; a field of the wrong type is left out.
 */
export interface AgentJson {
  name: string
  description: string
  /** `sonnet`, `opus`, `haiku`, a model id, or `inherit`. */
  model?: string
  /** `low`, `medium`, `high`, `xhigh` or `max`. */
  effort?: string
  /** Most agentic turns the agent may take. */
  maxTurns?: number
  /** Colour of the agent in the assistant's UI (`cyan`, …). */
  color?: string
  /** The allowlist, from a comma-separated string or a list; absent: the agent inherits all tools. */
  tools?: AgentToolReference[]
  /** The denylist, applied first; same forms as `tools`. */
  disallowedTools?: AgentToolReference[]
  /** Skills loaded in full when the agent starts. */
  skills?: string[]
  /** Persistent memory scope: `user`, `project` or `local`. */
  memory?: string
  /** Whether the agent always runs in the background. */
  background?: boolean
  /** `worktree`: the agent runs in a temporary git worktree. */
  isolation?: string
  /** The body of the markdown file: the agent's system prompt. */
  prompt: string
}

/** One agent's catalog entry; the overview lists agents with it too. */
export function toAgentEntry(agent: AgentDefinition, origin: string): AgentCatalogEntry {
  return { name: agent.name, description: agent.description, ...buildAgentUrls(origin, agent.name) }
}

/** Builds `/agents/catalog.json`. */
export function buildAgentsCatalog(model: PluginModel, origin: string): AgentsCatalog {
  return { agents: model.agents.map((agent) => toAgentEntry(agent, origin)) }
}

/**
 * Builds `/agents/<name>.json` from the agent's frontmatter and body. Lists given as a
 * comma-separated string (`Read, Grep`) become arrays; an empty list is left out.
 *
 * @example
 * import { buildAgentJson } from './agent-documents.js'
 * buildAgentJson(agent, model).tools // [{ name: 'Read' }, { name: 'Notes_create', toolId: 'Notes_create' }]
 */
export function buildAgentJson(agent: AgentDefinition, model: PluginModel): AgentJson {
  const { frontmatter } = agent
  const toolIds = new Set(model.tools.map((tool) => tool.id))
  const resolve = (name: string): AgentToolReference =>
    toolIds.has(name) ? { name, toolId: name } : { name }
  const tools = readList(frontmatter.tools)?.map(resolve)
  const disallowedTools = readList(frontmatter.disallowedTools)?.map(resolve)
  const skills = readList(frontmatter.skills)
  const maxTurns = frontmatter.maxTurns
  const background = frontmatter.background
  return {
    name: agent.name,
    description: agent.description,
    ...pickString(frontmatter, 'model'),
    ...pickString(frontmatter, 'effort'),
    ...(typeof maxTurns === 'number' && Number.isFinite(maxTurns) ? { maxTurns } : {}),
    ...pickString(frontmatter, 'color'),
    ...(tools ? { tools } : {}),
    ...(disallowedTools ? { disallowedTools } : {}),
    ...(skills ? { skills } : {}),
    ...pickString(frontmatter, 'memory'),
    ...(typeof background === 'boolean' ? { background } : {}),
    ...pickString(frontmatter, 'isolation'),
    prompt: agent.prompt,
  }
}

function pickString<K extends string>(
  frontmatter: Record<string, unknown>,
  key: K,
): { [P in K]?: string } {
  const value = frontmatter[key]
  return typeof value === 'string' && value.trim() !== ''
    ? ({ [key]: value.trim() } as { [P in K]?: string })
    : {}
}

function readList(value: unknown): string[] | undefined {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []
  const list = items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  return list.length > 0 ? list : undefined
}
