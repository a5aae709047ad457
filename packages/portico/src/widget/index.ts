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
  return typeof openai === 'object' && openai !== null
    ? connectOpenAi(openai, options)
    : connectMcpApps(options)
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
