import type { PluginOverview } from '../lib/documents.js'
import { href, type Route } from '../lib/router.js'

/** Every tool (by class), prompt, skill, agent and MCP server, each a link to its page. */
export function Sidebar({ overview, route }: { overview: PluginOverview; route: Route }) {
  const current = route.segments.join('/')
  // A skill's file pages belong to the skill: the entry stays marked on them.
  const isCurrent = (path: string) => current === path || current.startsWith(`${path}/`)
  const link = (label: string, ...segments: string[]) => (
    <li>
      <a href={href(...segments)} aria-current={isCurrent(segments.join('/')) ? 'page' : undefined}>
        {label}
      </a>
    </li>
  )
  const byId = new Map(overview.tools.map((tool) => [tool.id, tool]))
  // On a phone the contents fold away behind one line, so the page starts on screen.
  const narrow = matchMedia('(max-width: 760px)').matches
  return (
    <nav aria-label="Contents" class="sidebar">
      <details class="sidebar-fold" open={!narrow}>
        <summary>Contents</summary>
        {overview.toolGroups.map((group) => (
          <section key={group.name}>
            <h2>{group.name}</h2>
            <ul>
              {group.tools.map((id) =>
                link(byId.get(id)?.title ?? byId.get(id)?.methodName ?? id, 'tools', id),
              )}
            </ul>
          </section>
        ))}
        {overview.prompts.length > 0 && (
          <section>
            <h2>Prompts</h2>
            <ul>
              {overview.prompts.map((prompt) =>
                link(prompt.title ?? prompt.name, 'prompts', prompt.name),
              )}
            </ul>
          </section>
        )}
        {overview.skills.length > 0 && (
          <section>
            <h2>Skills</h2>
            <ul>{overview.skills.map((skill) => link(skill.name, 'skills', skill.name))}</ul>
          </section>
        )}
        {overview.agents.length > 0 && (
          <section>
            <h2>Agents</h2>
            <ul>{overview.agents.map((agent) => link(agent.name, 'agents', agent.name))}</ul>
          </section>
        )}
        <section>
          <h2>MCP servers</h2>
          <ul>
            {overview.mcpServers
              .filter((server) => !('external' in server))
              .map((server) =>
                link(server.name === 'main' ? '/mcp' : `/mcp/${server.name}`, 'mcp', server.name),
              )}
          </ul>
        </section>
      </details>
    </nav>
  )
}
