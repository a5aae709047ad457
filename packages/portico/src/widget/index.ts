/**
 * The widget runtime: what a widget page runs in the host's iframe to read its tool's input and
 * result, call the plugin's tools back and report its height, through one API whatever the host.
 * In ChatGPT (`window.openai` present) it uses the Apps SDK globals; anywhere else it speaks
 * MCP Apps (`ui/*` over `postMessage`) through `@modelcontextprotocol/ext-apps`.
 *
 * A browser module: it imports nothing of Node. Portico serves it bundled at
 * `/widget-assets/_portico/widget.js`; authors who bundle their own widget import `portico/widget`.
 *
 * @example
 * import { connectWidget } from './_portico/widget.js'
 * const widget = await connectWidget()
 * widget.onToolResult((data) => render(data))
 */
import { App, type McpUiHostContext } from '@modelcontextprotocol/ext-apps'

/** Which bridge the widget talks through. */
export type WidgetHost = 'mcp-apps' | 'openai'

/** What a tool call answers, as both hosts give it. */
export interface WidgetToolResult {
  /** The result's content items (text for the model). */
  content: unknown[]
  /** The tool's output, the data a widget renders. */
  structuredContent?: Record<string, unknown>
  /** Whether the tool failed; `content` then says why. */
  isError?: boolean
  _meta?: Record<string, unknown>
}

/** Receives each tool result's `structuredContent`. */
export type ToolResultListener = (structuredContent: Record<string, unknown> | undefined) => void

/** The widget's side of the host, the same on every host. */
export interface Widget {
  readonly host: WidgetHost
  /** The arguments the model called the tool with, once the host has sent them. */
  readonly toolInput: Record<string, unknown> | undefined
  /** The `structuredContent` of the tool's result, once the host has sent it. */
  readonly toolResult: Record<string, unknown> | undefined
  /**
   * Calls `listener` with each result from now on, and once at once when a result is already
   * there; returns a function that stops it.
   */
  onToolResult(listener: ToolResultListener): () => void
  /** Calls a tool of the plugin (one the widget may call) and answers its result. */
  callTool(name: string, args?: Record<string, unknown>): Promise<WidgetToolResult>
  /** Tells the host the widget's height in CSS pixels (default: the document's). */
  notifySize(height?: number): void
}

/** Options of {@link connectWidget}. */
export interface ConnectWidgetOptions {
  /** The name the widget gives the host (MCP Apps). Default: the page's title, else `widget`. */
  name?: string
  /** Report the document's height whenever it changes. Default `true`. */
  autoResize?: boolean
}

/** The part of ChatGPT's `window.openai` the runtime uses. */
interface OpenAiGlobals {
  toolInput?: Record<string, unknown> | null
  toolOutput?: Record<string, unknown> | null
  theme?: string
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>
  notifyIntrinsicHeight?(height: number): void
}

/**
 * Connects the page to its host and answers the {@link Widget} API: through `window.openai` in
 * ChatGPT, else through MCP Apps' `ui/*` bridge (`ui/initialize` is done when this resolves).
 * It also sets the document's `color-scheme` to the host's theme when the host names one.
 */
export async function connectWidget(options: ConnectWidgetOptions = {}): Promise<Widget> {
  const openai = (globalThis as { openai?: OpenAiGlobals }).openai
  if (typeof openai === 'object' && openai !== null) return connectOpenAi(openai, options)
  // Opened on its own (no parent window): no host will answer, so say what the page is and
  // wait for ever, rather than ask ui/initialize of this very window and fail.
  if (window.parent === window) {
    showOutsideHost()
    return new Promise<never>(() => {})
  }
  // In a frame whose parent does not speak MCP Apps, the same, once a short wait has passed.
  const notice = setTimeout(showOutsideHost, OUTSIDE_HOST_AFTER_MS)
  try {
    return await connectMcpApps(options)
  } finally {
    clearTimeout(notice)
    document.getElementById(NOTICE_ID)?.remove()
  }
}

/** How long a framed widget waits for the host's answer to `ui/initialize` before it explains. */
const OUTSIDE_HOST_AFTER_MS = 3000
const NOTICE_ID = 'portico-outside-host'

/**
 * A note atop the page: this is a widget, shown by an MCP Apps host after a call of its tool,
 * and the tool's page on the docs site (`/#/tools/<toolId>`, from this page's `/widgets/<toolId>`)
 * previews it with a real result.
 */
function showOutsideHost(): void {
  if (document.getElementById(NOTICE_ID)) return
  const toolId = /^\/widgets\/([^/]+)$/.exec(location.pathname)?.[1]
  const notice = document.createElement('aside')
  notice.id = NOTICE_ID
  notice.setAttribute('role', 'note')
  Object.assign(notice.style, {
    font: '15px/1.5 system-ui, sans-serif',
    padding: '12px 16px',
    margin: '0 0 12px',
    border: '1px solid #b54708',
    borderRadius: '8px',
    background: 'Canvas',
    color: 'CanvasText',
  })
  const link = document.createElement('a')
  link.href = toolId ? `/#/tools/${toolId}` : '/'
  link.textContent = toolId ? `the page of ${decodeURIComponent(toolId)}` : 'the docs site'
  notice.append(
    'This page is a widget: an MCP Apps host (a chat client) shows it in a frame with the result of a call of its tool, and none is here to send one. To see it with real data, call the tool on ',
    link,
    ': its preview shows this widget.',
  )
  if (document.body) document.body.prepend(notice)
  else addEventListener('DOMContentLoaded', () => document.body.prepend(notice), { once: true })
}

/** The listeners and latest result both hosts share. */
function createResultChannel() {
  const listeners = new Set<ToolResultListener>()
  let has = false
  let latest: Record<string, unknown> | undefined
  return {
    get latest() {
      return latest
    },
    publish(structuredContent: Record<string, unknown> | undefined) {
      has = true
      latest = structuredContent
      for (const listener of [...listeners]) listener(structuredContent)
    },
    subscribe(listener: ToolResultListener): () => void {
      listeners.add(listener)
      if (has) listener(latest)
      return () => listeners.delete(listener)
    },
  }
}

function documentHeight(): number {
  return Math.ceil(document.documentElement.getBoundingClientRect().height)
}

function applyTheme(theme: unknown): void {
  if (theme === 'light' || theme === 'dark') document.documentElement.style.colorScheme = theme
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function toToolResult(value: unknown): WidgetToolResult {
  const record = asRecord(value) ?? {}
  const result: WidgetToolResult = {
    content: Array.isArray(record.content) ? record.content : [],
  }
  const structured = asRecord(record.structuredContent)
  if (structured) result.structuredContent = structured
  if (record.isError === true) result.isError = true
  const meta = asRecord(record._meta)
  if (meta) result._meta = meta
  return result
}

async function connectMcpApps(options: ConnectWidgetOptions): Promise<Widget> {
  const results = createResultChannel()
  let toolInput: Record<string, unknown> | undefined
  const app = new App(
    { name: options.name ?? (document.title || 'widget'), version: '1.0.0' },
    {},
    { autoResize: options.autoResize ?? true },
  )
  app.ontoolinput = (params) => {
    toolInput = params.arguments ?? {}
  }
  app.ontoolresult = (params) => results.publish(asRecord(params.structuredContent))
  app.onhostcontextchanged = (context: McpUiHostContext) => applyTheme(context.theme)
  await app.connect()
  applyTheme(app.getHostContext()?.theme)
  return {
    host: 'mcp-apps',
    get toolInput() {
      return toolInput
    },
    get toolResult() {
      return results.latest
    },
    onToolResult: (listener) => results.subscribe(listener),
    callTool: async (name, args = {}) =>
      toToolResult(await app.callServerTool({ name, arguments: args })),
    notifySize(height) {
      void app.sendSizeChanged({ height: height ?? documentHeight() })
    },
  }
}

function connectOpenAi(openai: OpenAiGlobals, options: ConnectWidgetOptions): Widget {
  const results = createResultChannel()
  const initial = asRecord(openai.toolOutput)
  if (initial) results.publish(initial)
  applyTheme(openai.theme)
  window.addEventListener('openai:set_globals', (event) => {
    const globals = asRecord((event as CustomEvent<unknown>).detail)?.globals
    const changed = asRecord(globals) ?? {}
    if ('toolOutput' in changed) results.publish(asRecord(changed.toolOutput))
    if ('theme' in changed) applyTheme(changed.theme)
  })
  const notifySize = (height?: number): void => {
    openai.notifyIntrinsicHeight?.(height ?? documentHeight())
  }
  if (options.autoResize ?? true) {
    let last = -1
    new ResizeObserver(() => {
      const height = documentHeight()
      if (height === last) return
      last = height
      notifySize(height)
    }).observe(document.documentElement)
  }
  return {
    host: 'openai',
    get toolInput() {
      return asRecord(openai.toolInput)
    },
    get toolResult() {
      return results.latest
    },
    onToolResult: (listener) => results.subscribe(listener),
    callTool: async (name, args = {}) => toToolResult(await openai.callTool(name, args)),
    notifySize,
  }
}
