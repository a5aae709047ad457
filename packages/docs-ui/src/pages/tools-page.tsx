import { RichText } from '../components/schema-view.js'
import type { PluginOverview } from '../lib/documents.js'
import { href } from '../lib/router.js'

type Annotations = PluginOverview['tools'][number]['annotations']

/** The MCP hints a client reads before calling a tool, as shown on a badge, with their meaning. */
const HINTS: [keyof Annotations, string, string][] = [
  ['readOnlyHint', 'read-only', 'Does not change anything'],
  ['destructiveHint', 'destructive', 'May delete or overwrite data'],
  ['idempotentHint', 'idempotent', 'Calling it again with the same input has no further effect'],
  ['openWorldHint', 'open world', 'Reaches services outside the plugin'],
]

/** A badge per MCP hint that is set to true. */
export function AnnotationBadges({ annotations }: { annotations: Annotations }) {
  const set = HINTS.filter(([key]) => annotations[key] === true)
  if (set.length === 0) return null
  return (
    <ul class="badges" aria-label="Hints">
      {set.map(([key, label, meaning]) => (
        <li key={key}>
          <span class={`badge hint-${label.replace(' ', '-')}`} title={meaning}>
            {label}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Every tool, by class: its title, summary and hints, each a link to its page. */
export function ToolsPage({ overview }: { overview: PluginOverview }) {
  const byId = new Map(overview.tools.map((tool) => [tool.id, tool]))
  const count = overview.tools.length
  return (
    <section class="tools-page" aria-labelledby="tools-title">
      <h1 id="tools-title">Tools</h1>
      <p class="muted">
        {count} {count === 1 ? 'tool' : 'tools'} in {overview.toolGroups.length}{' '}
        {overview.toolGroups.length === 1 ? 'class' : 'classes'}. Each is a REST operation{' '}
        <code>POST /api/&lt;Class&gt;/&lt;method&gt;</code> and an MCP tool of the same name.
      </p>
      {overview.toolGroups.map((group) => (
        <section key={group.name} class="tool-group" aria-labelledby={`group-${group.name}`}>
          <h2 id={`group-${group.name}`}>{group.name}</h2>
          {group.description && (
            <p>
              <RichText text={group.description} />
            </p>
          )}
          <p class="muted text-small">
            MCP:{' '}
            {group.mcpServers.map((server, index) => (
              <span key={server}>
                {index > 0 && ', '}
                <a href={href('mcp', server)}>{server === 'main' ? '/mcp' : `/mcp/${server}`}</a>
              </span>
            ))}
          </p>
          <ul class="tool-list">
            {group.tools.map((id) => {
              const tool = byId.get(id)
              if (!tool) return null
              return (
                <li key={id} class="card tool-card">
                  <h3>
                    <a href={href('tools', id)}>{tool.title ?? tool.methodName}</a>
                  </h3>
                  <code class="tool-id">{id}</code>
                  {tool.summary && (
                    <p>
                      <RichText text={tool.summary} />
                    </p>
                  )}
                  <AnnotationBadges annotations={tool.annotations} />
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </section>
  )
}
