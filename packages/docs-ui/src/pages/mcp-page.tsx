import { Awaited } from '../components/awaited.js'
import type { PluginOverview } from '../lib/documents.js'
import { href } from '../lib/router.js'
import { useLazyModule } from '../lib/use-async.js'

/** The console and the SDK it uses are a chunk of their own, fetched when this page opens. */
const loadConsole = () => import('../mcp/mcp-console.js')

/** One MCP server of the plugin (`#/mcp/<server>`): its address and a client to try it. */
export function McpPage({ overview, server }: { overview: PluginOverview; server: string }) {
  const entry = overview.mcpServers.find((candidate) => candidate.name === server)
  if (!entry) {
    return (
      <>
        <h1>No MCP server “{server}”</h1>
        <p>This plugin hosts these servers:</p>
        <ServerLinks overview={overview} />
      </>
    )
  }
  if ('external' in entry) {
    return (
      <>
        <h1>{entry.title ?? entry.name}</h1>
        <p>
          An MCP server hosted elsewhere, at <code>{entry.url}</code>. This site only tries the
          servers the plugin hosts itself:
        </p>
        <ServerLinks overview={overview} />
      </>
    )
  }
  const path = entry.name === 'main' ? '/mcp' : `/mcp/${entry.name}`
  return (
    <>
      <h1>{entry.title}</h1>
      <p class="mcp-address">
        <span class="badge">MCP</span> <code>{entry.url}</code>
      </p>
      <p class="muted">
        {entry.name === 'main' ? 'The main server: every tool of the plugin' : `The server ${path}`}
        , {entry.tools.length} {entry.tools.length === 1 ? 'tool' : 'tools'}. Streamable HTTP,
        stateless, in both protocol eras. Try it below: the client runs in this page and sends the
        access token of the Authorize button.
      </p>
      {/* Keyed by server: another server starts with a fresh client and log. */}
      <LazyConsole key={entry.name} url={sameOriginPath(entry.url)} />
    </>
  )
}

function LazyConsole({ url }: { url: string }) {
  return (
    <Awaited state={useLazyModule(loadConsole)} what="the MCP client">
      {({ McpConsole }) => <McpConsole url={url} />}
    </Awaited>
  )
}

function ServerLinks({ overview }: { overview: PluginOverview }) {
  return (
    <ul>
      {overview.mcpServers
        .filter((server) => !('external' in server))
        .map((server) => (
          <li key={server.name}>
            <a href={href('mcp', server.name)}>{server.title ?? server.name}</a>{' '}
            <code>{server.url}</code>
          </li>
        ))}
    </ul>
  )
}

/**
 * The server's path on this page's origin. The contents name the origin the server saw, which
 * a proxy in front of it may rename; the site itself is served by the same server, so the path
 * reaches it, and no request leaves the page's origin.
 */
function sameOriginPath(url: string): string {
  const { pathname, search } = new URL(url, location.href)
  return pathname + search
}
