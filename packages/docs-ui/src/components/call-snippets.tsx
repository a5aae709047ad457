import { useState } from 'preact/hooks'
import {
  type CallTarget,
  fetchSnippet,
  MCP_CLIENT_PACKAGE,
  type McpServerRef,
  mcpJsonEntry,
  mcpSdkSnippet,
  pythonSnippet,
  TOKEN_VARIABLE,
} from '../lib/call-snippets.js'
import { curlCommand } from '../lib/rest-call.js'
import { CodeBlock } from './code-block.js'
import { TabList } from './tab-list.js'
import '../styles/call-snippets.css'

/** One tab: its code, what it is, and what to do before running it. */
interface Snippet {
  id: string
  label: string
  /** Names the code for the Copy button ("the curl command"). */
  what: string
  code: string
  note: string
  wrap?: boolean
}

function snippetsOf(target: CallTarget, mcp: McpServerRef | undefined): Snippet[] {
  const rest: Snippet[] = [
    {
      id: 'curl',
      label: 'curl',
      what: 'the curl command',
      code: curlCommand(target.restUrl, target.body, target.withToken),
      note: 'In a POSIX shell.',
      wrap: true,
    },
    {
      id: 'fetch',
      label: 'fetch',
      what: 'the fetch code',
      code: fetchSnippet(target),
      note: 'TypeScript or JavaScript with the platform fetch: Node 18+ (an .mts file), Deno, Bun.',
    },
    {
      id: 'python',
      label: 'Python',
      what: 'the Python code',
      code: pythonSnippet(target),
      note: 'Python 3 with its standard library only: nothing to install.',
    },
  ]
  if (!mcp) return rest
  return [
    ...rest,
    {
      id: 'mcp-sdk',
      label: 'MCP SDK',
      what: 'the MCP client code',
      code: mcpSdkSnippet(target, mcp),
      note: `The same call over MCP with the official TypeScript SDK: npm install ${MCP_CLIENT_PACKAGE}.`,
    },
    {
      id: 'mcp-json',
      label: 'mcp.json',
      what: 'the mcp.json entry',
      code: `${JSON.stringify(mcpJsonEntry(target, mcp), null, 2)}\n`,
      note: 'The server in an MCP client’s config (Claude Code’s .mcp.json and others); the client lists the tool.',
    },
  ]
}

/**
 * The try-it call as code to run elsewhere: curl, fetch, Python and, when an MCP server offers
 * the tool, the TypeScript MCP SDK and an `mcp.json` entry, as tabs. The access token is never
 * printed: the code reads it from `$TOKEN`.
 */
export function CallSnippets({
  target,
  mcp,
}: {
  target: CallTarget
  /** The server the MCP snippets connect to; without one, they are left out. */
  mcp?: McpServerRef | undefined
}) {
  const snippets = snippetsOf(target, mcp)
  const [chosen, setChosen] = useState('curl')
  const active = snippets.find((snippet) => snippet.id === chosen) ?? snippets[0]
  return (
    <section class="call-snippets" aria-labelledby="snippets-title">
      <h3 id="snippets-title">As code</h3>
      {target.withToken && (
        <p class="muted">
          Set <code>{TOKEN_VARIABLE}</code> in the environment to your access token first: the code
          does not print it.
        </p>
      )}
      <TabList
        label="Languages"
        prefix="snippet"
        tabs={snippets}
        chosen={active?.id ?? 'curl'}
        onChoose={setChosen}
        panelId="snippet-panel"
        class="tabs snippet-tabs"
      />
      {active && (
        // One panel whose content follows the tab.
        <div
          role="tabpanel"
          id="snippet-panel"
          class="snippet-panel"
          aria-labelledby={`snippet-tab-${active.id}`}
          data-testid="snippet-panel"
        >
          <p class="muted text-small">{active.note}</p>
          <CodeBlock code={active.code} what={active.what} wrap={active.wrap ?? false} />
        </div>
      )}
    </section>
  )
}
