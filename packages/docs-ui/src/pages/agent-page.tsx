import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import type { AgentJson } from '../../../portico/src/surfaces/documents/agent-documents.js'
import { FrontmatterView, localPath, MarkdownView, useFile } from '../components/markdown-view.js'
import { TabList } from '../components/tab-list.js'
import { type PluginOverview, useDocument } from '../lib/documents.js'
import { type FrontmatterEntry, splitFrontmatter } from '../lib/markdown.js'
import { href } from '../lib/router.js'

type AgentEntry = PluginOverview['agents'][number]

/** The two views of an agent: its markdown file rendered, and its resolved JSON. */
type AgentView = 'document' | 'json'
const VIEWS: { id: AgentView; label: string }[] = [
  { id: 'document', label: 'Document' },
  { id: 'json', label: 'JSON' },
]

/** Frontmatter keys whose items name this plugin's tools or skills, shown as links. */
const TOOL_KEYS = new Set(['tools', 'disallowedTools'])
const SKILL_KEYS = new Set(['skills'])

/** An agent: the HTML view the agents catalog links to, next to its `.md` and `.json`. */
export function AgentPage({ overview, name }: { overview: PluginOverview; name: string }) {
  const agent = overview.agents.find((candidate) => candidate.name === name)
  if (!agent) {
    return (
      <section>
        <h1>Agent not found</h1>
        <p>
          This plugin has no agent named <code>{name}</code>. Go back to the{' '}
          <a href={href()}>overview</a>.
        </p>
      </section>
    )
  }
  return <AgentDetails key={agent.name} overview={overview} agent={agent} />
}

function AgentDetails({ overview, agent }: { overview: PluginOverview; agent: AgentEntry }) {
  const [view, setView] = useState<AgentView>('document')
  const markdown = useFile(agent.markdown)
  const json = useDocument<AgentJson>(localPath(agent.json))

  const toolIds = new Set(overview.tools.map((tool) => tool.id))
  const skillNames = new Set(overview.skills.map((skill) => skill.name))
  const renderValue = ({ key, value }: FrontmatterEntry): ComponentChildren => {
    const isTools = TOOL_KEYS.has(key)
    if (!isTools && !SKILL_KEYS.has(key)) return undefined
    const items = typeof value === 'string' ? value.split(',').map((item) => item.trim()) : value
    return (
      <ul class="inline-list">
        {items
          .filter((item) => item !== '')
          .map((item) => {
            const link = isTools
              ? toolIds.has(item) && href('tools', item)
              : skillNames.has(item) && href('skills', item)
            return <li key={item}>{link ? <a href={link}>{item}</a> : <code>{item}</code>}</li>
          })}
      </ul>
    )
  }

  return (
    <article class="doc-page">
      <h1>{agent.name}</h1>
      <p class="muted">Agent</p>
      <p>{agent.description}</p>
      <div class="row">
        <a class="button ghost" href={agent.markdown}>
          {agent.name}.md
        </a>
        <a class="button ghost" href={agent.json}>
          {agent.name}.json
        </a>
      </div>

      <TabList
        label="Views of the agent"
        prefix="agent"
        tabs={VIEWS}
        chosen={view}
        onChoose={setView}
      />

      <div
        role="tabpanel"
        id="agent-panel-document"
        aria-labelledby="agent-tab-document"
        hidden={view !== 'document'}
      >
        {markdown?.status === 'failed' ? (
          <p role="alert" class="error">
            The agent's file could not be read: {markdown.message}
          </p>
        ) : markdown?.status === 'ready' ? (
          <AgentDocument text={markdown.value.text ?? ''} renderValue={renderValue} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </div>

      <div
        role="tabpanel"
        id="agent-panel-json"
        aria-labelledby="agent-tab-json"
        hidden={view !== 'json'}
      >
        {json.status === 'failed' ? (
          <p role="alert" class="error">
            The agent's JSON could not be read: {json.message}
          </p>
        ) : json.status === 'ready' ? (
          <pre data-testid="agent-json" class="json-view">
            {JSON.stringify(json.value, null, 2)}
          </pre>
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </div>
    </article>
  )
}

/** The agent's settings (its frontmatter) and its system prompt (the body). */
function AgentDocument({
  text,
  renderValue,
}: {
  text: string
  renderValue: (entry: FrontmatterEntry) => ComponentChildren
}) {
  const { frontmatter, body } = splitFrontmatter(text)
  return (
    <>
      {frontmatter !== undefined && (
        <>
          <h2>Settings</h2>
          <FrontmatterView text={frontmatter} renderValue={renderValue} />
        </>
      )}
      <h2>System prompt</h2>
      <MarkdownView source={body} options={{ headingOffset: 2 }} />
    </>
  )
}
