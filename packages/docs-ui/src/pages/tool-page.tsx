import { useState } from 'preact/hooks'
import { CopyLine } from '../components/code-block.js'
import { Paragraphs, SchemaView } from '../components/schema-view.js'
import { ToolScopes } from '../components/tool-scopes.js'
import { TryIt } from '../components/try-it.js'
import { loginUrl, useAccessToken } from '../lib/access-token.js'
import type { McpServerRef } from '../lib/call-snippets.js'
import { MCP_CONFIG_PATH, type McpConfigDocument, serverKey } from '../lib/connect-snippets.js'
import { type PluginOverview, useDocument } from '../lib/documents.js'
import {
  findOperation,
  OPEN_API_PATH,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiSchema,
  resolveRequestBody,
  resolveResponses,
} from '../lib/json-schema.js'
import type { RestCallResult } from '../lib/rest-call.js'
import { isTaskOperation } from '../lib/rest-task.js'
import { href } from '../lib/router.js'
import { useLazyModule } from '../lib/use-async.js'
import type { WidgetCall } from '../widgets/widget-preview.js'
import { AnnotationBadges } from './tools-page.js'

type OverviewTool = PluginOverview['tools'][number]

// The MCP Apps bridge is a chunk of its own, loaded once a widget has a result to show.
const loadWidgetPreview = () => import('../widgets/widget-preview.js')

/**
 * One tool: what it does, where to call it, its input and output, its errors, and a form to
 * call it. The schemas come from `/open-api.json` (the operation whose id is the tool id).
 */
export function ToolPage({ overview, toolId }: { overview: PluginOverview; toolId: string }) {
  const tool = overview.tools.find((entry) => entry.id === toolId)
  const api = useDocument<OpenApiDocument>(OPEN_API_PATH)
  if (!tool) {
    return (
      <section>
        <h1>No such tool</h1>
        <p>
          This plugin has no tool <code>{toolId}</code>. See <a href={href('tools')}>all tools</a>.
        </p>
      </section>
    )
  }
  // The page is drawn once the document is in: its description replaces the summary, and
  // drawn before, the page would move down under the reader (layout shift).
  if (api.status === 'loading') return <p aria-busy="true">Loading the schemas…</p>
  const operation = api.status === 'ready' ? findOperation(api.value, toolId) : undefined
  const servers = overview.mcpServers.filter(
    (server) => !('external' in server) && server.tools.includes(toolId),
  )
  return (
    <article class="tool-page" aria-labelledby="tool-title">
      <nav class="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <a href={href('tools')}>Tools</a>
          </li>
          <li>{tool.className}</li>
          <li aria-current="page">{tool.methodName}</li>
        </ol>
      </nav>
      <h1 id="tool-title">{tool.title ?? tool.methodName}</h1>
      <p>
        <code class="tool-id">{tool.id}</code>
      </p>
      <AnnotationBadges annotations={tool.annotations} />
      {operation?.description ? (
        <Paragraphs text={operation.description} />
      ) : (
        tool.summary && <Paragraphs text={tool.summary} />
      )}

      <h2>Endpoints</h2>
      <dl class="endpoints">
        <div>
          <dt>REST</dt>
          <dd>
            <CopyLine method="POST" text={tool.rest} what="the REST URL" />
          </dd>
        </div>
        <div>
          <dt>MCP</dt>
          <dd>
            {servers.map((server) => (
              <div key={server.name} class="endpoint-server">
                <CopyLine text={server.url} what={`the URL of MCP server ${server.title}`} />
                <a href={href('mcp', server.name)}>{server.title}</a>
              </div>
            ))}
            <p class="muted text-small">
              Tool name <code>{tool.id}</code>
            </p>
          </dd>
        </div>
      </dl>

      {api.status === 'failed' && (
        <p role="alert" class="error">
          The OpenAPI document could not be read: {api.message}
        </p>
      )}
      {api.status === 'ready' && !operation && (
        <p role="alert" class="error">
          <code>{OPEN_API_PATH}</code> has no operation <code>{toolId}</code>.
        </p>
      )}
      {api.status === 'ready' && operation && (
        <OperationDetails
          overview={overview}
          tool={tool}
          operation={operation}
          document={api.value}
        />
      )}
    </article>
  )
}

function OperationDetails({
  overview,
  tool,
  operation,
  document,
}: {
  overview: PluginOverview
  tool: OverviewTool
  operation: OpenApiOperation
  document: OpenApiDocument
}) {
  const components = document.components.schemas
  const body = resolveRequestBody(operation.requestBody, document.components.requestBodies)
  const input: OpenApiSchema = body?.content['application/json']?.schema ?? { type: 'object' }
  const responses = resolveResponses(operation.responses, document.components.responses)
  const output = responses.find(([status]) => status === '200')?.[1].content?.['application/json']
    ?.schema
  const errors = responses.filter(([status]) => !status.startsWith('2'))
  const [widgetCall, setWidgetCall] = useState<WidgetCall | undefined>(undefined)
  const token = useAccessToken()
  const mcp = useMcpServerRef(overview, tool.id)
  const onSuccess = tool.widget
    ? (input: unknown, result: RestCallResult) =>
        setWidgetCall({ input, text: result.text, json: result.json })
    : undefined
  return (
    <>
      {operation.security.length > 0 && !token && (
        <p class="auth-hint" data-testid="auth-hint">
          Calls need an access token, sent as <code>Authorization: Bearer …</code>:{' '}
          {loginUrl()
            ? 'log in, or paste one with Authorize,'
            : 'set one with the Authorize button'}{' '}
          at the top of the page to try this tool here.
        </p>
      )}
      <ToolScopes security={operation.security} />
      <section aria-labelledby="input-title">
        <h2 id="input-title">Input</h2>
        <SchemaView schema={input} components={components} idPrefix="schema-input" />
      </section>
      <section aria-labelledby="output-title">
        <h2 id="output-title">Output</h2>
        {output ? (
          <SchemaView schema={output} components={components} idPrefix="schema-output" />
        ) : (
          <p class="muted">No output schema.</p>
        )}
      </section>
      <section aria-labelledby="errors-title">
        <h2 id="errors-title">Errors</h2>
        <p class="muted">
          Errors are <code>application/problem+json</code> documents (RFC 9457); a 422 lists each
          invalid place of the input in <code>errors</code>.
        </p>
        <div class="table-scroll">
          <table class="errors-table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {errors.map(([status, response]) => (
                <tr key={status}>
                  <td>
                    <code>{status}</code>
                  </td>
                  <td>{response.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="try-title">
        <h2 id="try-title">Try it</h2>
        <TryIt
          key={tool.id}
          toolId={tool.id}
          url={tool.rest}
          schema={input}
          components={components}
          onSuccess={onSuccess}
          mcp={mcp}
          task={isTaskOperation(operation)}
        />
      </section>
      {tool.widget && (
        <section aria-labelledby="widget-title">
          <h2 id="widget-title">Widget</h2>
          <p class="muted">
            MCP hosts show <a href={tool.widget}>this page</a> with the tool's result, in a
            sandboxed frame.{' '}
            {widgetCall
              ? 'Here it shows the last call made above.'
              : 'Call the tool above to preview it with the result.'}
          </p>
          {widgetCall && (
            <WidgetSection overview={overview} tool={tool} url={tool.widget} call={widgetCall} />
          )}
        </section>
      )}
    </>
  )
}

/** The first hosted server (main first) that offers the tool, named as `/mcp.json` names it. */
function useMcpServerRef(overview: PluginOverview, toolId: string): McpServerRef | undefined {
  const config = useDocument<McpConfigDocument>(MCP_CONFIG_PATH)
  const server = overview.mcpServers.find(
    (entry) => !('external' in entry) && entry.tools.includes(toolId),
  )
  // Until `/mcp.json` has answered, the key is not known: the MCP snippets wait for it.
  if (!server || config.status === 'loading') return undefined
  const loaded = config.status === 'ready' ? config.value : undefined
  return { url: server.url, key: serverKey(loaded, server.url, overview.identity.name) }
}

function WidgetSection({
  overview,
  tool,
  url,
  call,
}: {
  overview: PluginOverview
  tool: OverviewTool
  url: string
  call: WidgetCall
}) {
  const module = useLazyModule(loadWidgetPreview)
  if (module.status === 'failed') {
    return (
      <p role="alert" class="error">
        The widget preview could not be loaded: {module.message}
      </p>
    )
  }
  if (module.status === 'loading') return <p aria-busy="true">Loading the widget…</p>
  const { WidgetPreview } = module.value
  return <WidgetPreview key={tool.id} overview={overview} toolId={tool.id} url={url} call={call} />
}
