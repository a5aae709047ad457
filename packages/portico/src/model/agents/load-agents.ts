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
import { type Dirent, existsSync } from 'node:fs'
import { readdir, readFile, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { resolveInsidePlugin } from '../assets/resolve-inside-plugin.js'
import type { AgentDefinition } from '../plugin-model.js'
import { readAgentFrontmatter } from './read-agent-frontmatter.js'

/** The folder of agent files inside a plugin. */
const agentsFolderName = 'agents'

/**
 * Reads `agents/*.md`, sorted by name; no `agents/` folder means no agents. A symlink is followed
 * when it stays inside the plugin folder. A Markdown file in a sub-folder is refused: Claude Code
 * lists no agent of a plugin's sub-folder (`claude plugin details`), so it would be lost.
 * Throws {@link PluginDefinitionError} at the first mistake, naming its file and line.
 *
 * @example
 * await loadAgents(rootDir) // [{ name: 'note-organizer', prompt: 'You organise…', … }]
 */
export async function loadAgents(rootDir: string): Promise<AgentDefinition[]> {
  const folder = join(rootDir, agentsFolderName)
  if (!existsSync(folder)) return []
  const rootRealPath = await realpath(rootDir)
  const entries = await readdir(folder, { withFileTypes: true })
  await refuseNestedAgents(folder, entries)
  const names = entries
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

/** Throws at the first Markdown file in a sub-folder of `agents/`, saying where it belongs. */
async function refuseNestedAgents(folder: string, entries: Dirent[]): Promise<void> {
  for (const entry of entries.filter((each) => each.isDirectory()).sort(byName)) {
    const nested = (await readdir(join(folder, entry.name), { recursive: true }))
      .filter((path) => path.endsWith('.md'))
      .sort()[0]
    if (nested === undefined) continue
    const file = `${agentsFolderName}/${entry.name}/${nested.replaceAll('\\', '/')}`
    throw new PluginDefinitionError(
      { file },
      `an agent must sit directly in ${agentsFolderName}/ (${agentsFolderName}/<name>.md): Claude Code lists no agent of a sub-folder, so this one would be lost`,
    )
  }
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}
