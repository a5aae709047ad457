import type { CallToolResult } from '@modelcontextprotocol/client'

type ContentBlock = CallToolResult['content'][number]

/** A `tools/call` result: whether it is an error, each content block, the structured content. */
export function ToolResult({
  tool,
  result,
  durationMs,
}: {
  tool: string
  result: CallToolResult
  durationMs: number
}) {
  return (
    <>
      <p class="row mcp-result-head">
        <code>{tool}</code>
        <span class={result.isError ? 'badge mcp-bad' : 'badge mcp-good'}>
          {result.isError ? 'isError: true' : 'isError: false'}
        </span>
        <span class="muted">{durationMs} ms</span>
      </p>
      <h4>content</h4>
      {result.content.length === 0 ? (
        <p class="muted">(empty)</p>
      ) : (
        result.content.map((block, index) => <Block key={index} block={block} />)
      )}
      {result.structuredContent !== undefined && (
        <>
          <h4>structuredContent</h4>
          <pre>
            <code>{JSON.stringify(result.structuredContent, null, 2)}</code>
          </pre>
        </>
      )}
    </>
  )
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return (
        <pre class="mcp-text">
          <code>{prettyIfJson(block.text)}</code>
        </pre>
      )
    case 'image':
      return <img class="mcp-image" src={`data:${block.mimeType};base64,${block.data}`} alt="" />
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: a tool's audio comes without captions
        <audio controls src={`data:${block.mimeType};base64,${block.data}`} />
      )
    default:
      // resource_link and embedded resources: their fields say it best.
      return (
        <pre>
          <code>{JSON.stringify(block, null, 2)}</code>
        </pre>
      )
  }
}

/** Tools often answer JSON as text: indented, it reads better; anything else stays as it is. */
function prettyIfJson(text: string): string {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2)
  } catch {
    return text
  }
}
