/**
 * Claude Code subagents bundled with the plugin: `agents/<name>.md`, YAML frontmatter (the
 * configuration) and a body (the agent's system prompt).
 *
 * ```md
 * ---
 * name: note-organizer
 * description: Tidies notes and tags. Use when the user asks to clean up their notes.
 * tools: Notes_list, Notes_search, Notes_update, Tags_rename
 * ---
 * You organise the user's notes. ...
 * ```
 *
 * `name` (equal to the file name, `^[a-z0-9]+(-[a-z0-9]+)*$`) and `description` are required.
 * The other keys are those Claude Code reads from a plugin agent, plus `color`: `model`,
 * `effort`, `maxTurns`, `tools`, `disallowedTools`, `skills`, `memory`, `background`,
 * `isolation`. A `skills` entry may name a skill the plugin lacks: it may be the user's own.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { resolveInsidePlugin } from '../assets/resolve-inside-plugin.js'
import type { AgentDefinition } from '../plugin-model.js'
import { readAgentFrontmatter } from './read-agent-frontmatter.js'

/** The folder of agent files inside a plugin. */
export const agentsFolderName = 'agents'

/**
 * Reads `agents/*.md` (not recursive), sorted by name; no `agents/` folder means no agents. A
 * symlink is followed when it stays inside the plugin folder.
 * Throws {@link PluginDefinitionError} at the first mistake, naming its file and line.
 *
 * @example
 * await loadAgents(rootDir) // [{ name: 'note-organizer', prompt: 'You organise…', … }]
 */
export async function loadAgents(rootDir: string): Promise<AgentDefinition[]> {
  const folder = join(rootDir, agentsFolderName)
  if (!existsSync(folder)) return []
  const rootRealPath = await realpath(rootDir)
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.md'))
    .map((entry) => entry.name)
    .sort()
  const agents: AgentDefinition[] = []
  for (const fileName of names) {
    const file = `${agentsFolderName}/${fileName}`
    const realPath = await resolveInsidePlugin(rootRealPath, join(folder, fileName), { file })
    if (!(await stat(realPath)).isFile()) continue
    const markdown = await readFile(realPath, 'utf8')
    const agent = readAgentFrontmatter(markdown, file, fileName.slice(0, -'.md'.length))
    if (agent.parts.body === '') {
      throw new PluginDefinitionError(
        { file, line: agent.parts.bodyLine },
        "the agent's system prompt (the text after the frontmatter) is empty",
      )
    }
    agents.push({
      name: agent.name,
      description: agent.description,
      frontmatter: agent.record,
      prompt: agent.parts.body,
      markdown,
      source: { file, line: 1 },
    })
  }
  return agents
}
