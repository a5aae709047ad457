import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { PluginOverview } from '../lib/documents.js'
import { callTool } from '../lib/rest-call.js'

/**
 * The widget of a tool, previewed as an MCP Apps host shows it: the widget's page in a
 * sandboxed iframe (an opaque origin, as real hosts frame it), spoken to through ext-apps'
 * `AppBridge`. This module is a chunk of its own: only tool pages with a widget load it.
 *
 * The frame loads the page from its URL (`/widgets/<toolId>`), not as `srcdoc`: a `srcdoc`
 * frame would inherit this site's policy, which runs only the site's own nonced scripts, while
 * the page's own answer carries the widget's policy and its sandbox. The site's theme is the
 * host context's `theme`, sent again on every switch.
 */

/** A successful try-it call: what the widget is sent. */
export interface WidgetCall {
  input: unknown
  /** The REST answer, as text and parsed. */
  text: string
  json: unknown
}

/** What a tool call answers over MCP. */
interface ToolResult {
  [key: string]: unknown
  content: { type: 'text'; text: string }[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** A REST answer as an MCP tool result: the JSON as `structuredContent`, the text as content. */
function toToolResult(text: string, json: unknown, isError = false): ToolResult {
  const structured = isError ? undefined : asRecord(json)
  return {
    content: [{ type: 'text', text }],
    ...(structured && { structuredContent: structured }),
    ...(isError && { isError: true }),
  }
}

/** Calls a tool through its REST route, as the widget asked, with the stored access token. */
async function forwardCall(
  overview: PluginOverview,
  name: string,
  args: Record<string, unknown> | undefined,
): Promise<ToolResult> {
  const tool = overview.tools.find((entry) => entry.id === name)
  if (!tool) return toToolResult(`This plugin has no tool ${name}.`, undefined, true)
  const answer = await callTool(tool.rest, JSON.stringify(args ?? {}))
  return toToolResult(answer.text, answer.json, answer.status < 200 || answer.status >= 300)
}

function currentTheme(): 'light' | 'dark' {
  const chosen = document.documentElement.getAttribute('data-theme')
  if (chosen === 'light' || chosen === 'dark') return chosen
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function WidgetPreview({
  overview,
  toolId,
  url,
  call,
}: {
  overview: PluginOverview
  toolId: string
  url: string
  call: WidgetCall
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [bridge, setBridge] = useState<AppBridge | undefined>(undefined)
  const [height, setHeight] = useState(240)
  const [error, setError] = useState<string | undefined>(undefined)

  // One bridge per widget page: connected before the page loads, ready once it initialized.
  useEffect(() => {
    const iframe = frame.current
    const target = iframe?.contentWindow
    if (!iframe || !target) return
    let current = true
    const host = new AppBridge(
      null,
      { name: 'Portico docs', version: '1.0.0' },
      { serverTools: {} },
      { hostContext: { theme: currentTheme() } },
    )
    host.oncalltool = (params) => forwardCall(overview, params.name, params.arguments)
    host.onsizechange = (params) => {
      if (typeof params.height === 'number' && current) setHeight(Math.ceil(params.height))
    }
    host.oninitialized = () => {
      if (current) setBridge(host)
    }
    const start = async () => {
      await host.connect(new PostMessageTransport(target, target))
      if (current) iframe.src = new URL(url, location.href).pathname
    }
    start().catch((reason: unknown) => {
      if (current) setError(reason instanceof Error ? reason.message : String(reason))
    })
    return () => {
      current = false
      setBridge(undefined)
      host.close().catch(() => undefined)
    }
  }, [url, overview])

  // Every theme switch (the site's switch, or the system's when it follows it) reaches the
  // widget as ui/notifications/host-context-changed with the new theme.
  useEffect(() => {
    if (!bridge) return
    const update = () => bridge.setHostContext({ theme: currentTheme() })
    update()
    const observer = new MutationObserver(update)
    observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
    const system = matchMedia('(prefers-color-scheme: dark)')
    system.addEventListener('change', update)
    return () => {
      observer.disconnect()
      system.removeEventListener('change', update)
    }
  }, [bridge])

  // Each successful call: its input, then its result.
  useEffect(() => {
    if (!bridge) return
    const input = asRecord(call.input) ?? {}
    bridge
      .sendToolInput({ arguments: input })
      .then(() => bridge.sendToolResult(toToolResult(call.text, call.json)))
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason.message : String(reason)),
      )
  }, [bridge, call])

  return (
    <>
      {error && (
        <p role="alert" class="error">
          The widget could not be shown: {error}
        </p>
      )}
      <iframe
        ref={frame}
        class="widget-preview"
        title={`The widget of ${toolId}`}
        sandbox="allow-scripts"
        data-testid="widget-preview"
        style={{ height: `${Math.min(Math.max(height, 80), 1200)}px` }}
      />
    </>
  )
}
