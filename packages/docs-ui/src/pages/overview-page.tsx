import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import type {
  OverviewExternalServer,
  OverviewHostedServer,
} from '../../../portico/src/surfaces/documents/plugin-overview-types.js'
import { ClaudeCodePlugin } from '../components/claude-code-plugin.js'
import { CodeBlock, CopyLine } from '../components/code-block.js'
import { MARKETPLACE_PATH, type Marketplace } from '../lib/claude-plugin-commands.js'
import {
  claudeCodeCommand,
  cursorInstallLink,
  MCP_CONFIG_PATH,
  type McpConfigDocument,
  PLUGIN_FOLDER_PLACEHOLDER,
  serverKey,
  stdioConfig,
  vscodeInstallLink,
} from '../lib/connect-snippets.js'
import { type DocumentState, type PluginOverview, useDocument } from '../lib/documents.js'
import { href } from '../lib/router.js'

type Server = PluginOverview['mcpServers'][number]

function isHosted(server: Server): server is OverviewHostedServer {
  return !('external' in server)
}

function isExternal(server: Server): server is OverviewExternalServer {
  return 'external' in server
}

/** The plugin at a glance: who made it, how to connect a client, what to download, what is in it. */
export function OverviewPage({ overview }: { overview: PluginOverview }) {
  const { identity, style } = overview
  const icon = style.icons[0]
  const config = useDocument<McpConfigDocument>(MCP_CONFIG_PATH)
  const marketplace = useDocument<Marketplace>(MARKETPLACE_PATH)
  // Drawn once both documents have answered: a card or block that arrived later would push
  // everything under it down while the reader reads (layout shift).
  if (config.status === 'loading' || marketplace.status === 'loading') {
    return <p aria-busy="true">Loading…</p>
  }
  return (
    <article class="overview" aria-labelledby="overview-title">
      <header class="overview-hero">
        {icon && <img src={icon} alt="" width={72} height={72} />}
        <div>
          <h1 id="overview-title">
            {identity.title} <span class="version">v{identity.version}</span>
          </h1>
          <p class="lead">{identity.description}</p>
          <dl class="meta">
            <Meta label="Package">
              <code>{identity.name}</code>
            </Meta>
            {identity.author && <Meta label="Author">{identity.author}</Meta>}
            {identity.license && <Meta label="License">{identity.license}</Meta>}
            {identity.homepage && (
              <Meta label="Homepage">
                <a href={identity.homepage}>{identity.homepage.replace(/^https?:\/\//, '')}</a>
              </Meta>
            )}
            <Meta label="Accent">
              <span class="swatch" style={{ background: style.color }} aria-hidden="true" />{' '}
              <code>{style.color}</code>
            </Meta>
          </dl>
          {identity.keywords.length > 0 && (
            <ul class="keywords" aria-label="Keywords">
              {identity.keywords.map((keyword) => (
                <li key={keyword} class="badge">
                  {keyword}
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>
      <Connect overview={overview} config={config} marketplace={marketplace} />
      <section aria-labelledby="download-title">
        <h2 id="download-title">Download</h2>
        <p>
          The plugin package holds the plugin manifest, its MCP servers in <code>.mcp.json</code>,
          its skills and agents, and its README: install it in a client that takes plugins, or
          unpack it to read.
        </p>
        <a class="button" href="/plugin.zip" download>
          Download plugin.zip
        </a>
      </section>
      <Contents overview={overview} />
    </article>
  )
}

function Meta({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Each server's URL, one-click setup for common clients, and the whole `mcp.json`. */
function Connect({
  overview,
  config,
  marketplace,
}: {
  overview: PluginOverview
  config: DocumentState<McpConfigDocument>
  marketplace: DocumentState<Marketplace>
}) {
  const hosted = overview.mcpServers.filter(isHosted)
  const external = overview.mcpServers.filter(isExternal)
  const [chosen, setChosen] = useState(hosted[0]?.name)
  const server = hosted.find((entry) => entry.name === chosen) ?? hosted[0]
  const loaded = config.status === 'ready' ? config.value : undefined
  const name = server ? serverKey(loaded, server.url, overview.identity.name) : ''
  return (
    <section aria-labelledby="connect-title">
      <h2 id="connect-title">Connect</h2>
      <p>
        Point an MCP client at a server URL (Streamable HTTP). The main server offers every tool;
        any other offers a part of them.
      </p>
      <ul class="server-list">
        {hosted.map((entry) => (
          <li key={entry.name} class="card">
            <h3>
              <a href={href('mcp', entry.name)}>{entry.title}</a>
            </h3>
            <p class="muted text-small">
              {entry.tools.length} {entry.tools.length === 1 ? 'tool' : 'tools'}
              {entry.name === 'main' ? ', the main server' : ''}
            </p>
            <CopyLine text={entry.url} what={`the URL of ${entry.title}`} />
          </li>
        ))}
      </ul>
      {external.length > 0 && (
        <>
          <h3>Servers hosted elsewhere</h3>
          <p class="muted">The plugin works with these servers too; they are not served here.</p>
          <ul class="server-list">
            {external.map((entry) => (
              <li key={entry.name} class="card">
                <h4>{entry.title ?? entry.name}</h4>
                <CopyLine text={entry.url} what={`the URL of ${entry.title ?? entry.name}`} />
              </li>
            ))}
          </ul>
        </>
      )}
      {server && (
        <>
          <h3>One-click setup</h3>
          {hosted.length > 1 && (
            <div class="field">
              <label for="setup-server">Server</label>
              <select
                id="setup-server"
                value={server.name}
                onChange={(event) => setChosen(event.currentTarget.value)}
              >
                {hosted.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {entry.title} ({new URL(entry.url).pathname})
                  </option>
                ))}
              </select>
            </div>
          )}
          <div class="setup-grid">
            {marketplace.status === 'ready' && <ClaudeCodePlugin marketplace={marketplace.value} />}
            <div class="card setup-wide">
              <h4>Claude Code</h4>
              <CodeBlock
                code={claudeCodeCommand(name, server.url)}
                what="the Claude Code command"
                wrap
              />
            </div>
            <div class="card">
              <h4>Cursor</h4>
              <p class="muted text-small">Opens Cursor and asks to add the server.</p>
              <a class="button" href={cursorInstallLink(name, server.url)}>
                Add to Cursor
              </a>
            </div>
            <div class="card">
              <h4>VS Code</h4>
              <p class="muted text-small">Opens VS Code and asks to add the server.</p>
              <a class="button" href={vscodeInstallLink(name, server.url)}>
                Add to VS Code
              </a>
            </div>
          </div>
        </>
      )}
      <h3>mcp.json</h3>
      <p>
        Every server at once, in the <code>mcpServers</code> shape that Claude Code reads from{' '}
        <code>.mcp.json</code> and other clients from their own config file.{' '}
        <a href={MCP_CONFIG_PATH} download="mcp.json">
          Download mcp.json
        </a>
      </p>
      {config.status === 'ready' && (
        <CodeBlock code={JSON.stringify(config.value, null, 2)} what="mcp.json" />
      )}
      {config.status === 'failed' && (
        <p role="alert" class="error">
          <code>{MCP_CONFIG_PATH}</code> could not be read: {config.message}
        </p>
      )}
      {server && (
        <>
          <h3>On your machine (stdio)</h3>
          <p>
            For a client that launches local servers (Claude Desktop and others): it runs{' '}
            <code>portico stdio</code> on the plugin's folder and speaks to {server.title} over its
            standard input and output. Write the folder's absolute path in place of{' '}
            <code>{PLUGIN_FOLDER_PLACEHOLDER}</code>: this site cannot know it. Only for a plugin in
            mode <code>anon</code>, since stdio carries no token.
          </p>
          <CodeBlock
            code={JSON.stringify(stdioConfig(name, server.name), null, 2)}
            what="the stdio config"
          />
        </>
      )}
    </section>
  )
}

/** How many tools, prompts, skills, agents and widgets, each with links to their pages. */
function Contents({ overview }: { overview: PluginOverview }) {
  const { tools, toolGroups, prompts, skills, agents, widgets } = overview
  return (
    <section aria-labelledby="contents-title">
      <h2 id="contents-title">Contents</h2>
      <div class="contents-grid">
        <ContentCard title="Tools" count={tools.length}>
          <p class="text-small">
            <a href={href('tools')}>
              All {tools.length} {tools.length === 1 ? 'tool' : 'tools'}
            </a>{' '}
            in {toolGroups.map((group) => group.name).join(', ')}
          </p>
        </ContentCard>
        <ContentCard title="Prompts" count={prompts.length}>
          <LinkList
            items={prompts.map((prompt) => [
              prompt.title ?? prompt.name,
              href('prompts', prompt.name),
            ])}
          />
        </ContentCard>
        <ContentCard title="Skills" count={skills.length}>
          <LinkList items={skills.map((skill) => [skill.name, href('skills', skill.name)])} />
        </ContentCard>
        <ContentCard title="Agents" count={agents.length}>
          <LinkList items={agents.map((agent) => [agent.name, href('agents', agent.name)])} />
        </ContentCard>
        <ContentCard title="Widgets" count={widgets.length}>
          <LinkList
            items={widgets.map((widget) => [widget.toolId, href('tools', widget.toolId)])}
          />
        </ContentCard>
      </div>
    </section>
  )
}

function ContentCard({
  title,
  count,
  children,
}: {
  title: string
  count: number
  children: ComponentChildren
}) {
  return (
    <div class="card content-card">
      <h3>
        <span class="count">{count}</span> {title}
      </h3>
      {count === 0 ? <p class="muted text-small">None</p> : children}
    </div>
  )
}

function LinkList({ items }: { items: [label: string, link: string][] }) {
  return (
    <ul class="link-list">
      {items.map(([label, link]) => (
        <li key={link}>
          <a href={link}>{label}</a>
        </li>
      ))}
    </ul>
  )
}
