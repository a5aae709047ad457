import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { build } from 'esbuild'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * The host's side, bundled for the browser: an MCP Apps host (ext-apps' `AppBridge`) that frames
 * a widget page in a sandboxed iframe (an opaque origin, as real hosts do), sends it the tool's
 * input and result, and forwards its `tools/call` to the test, which calls the real server.
 */
const HOST_SCRIPT = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

function frame(html) {
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts')
  iframe.title = 'widget'
  document.body.append(iframe)
  return iframe
}

window.sizes = []

window.hostMcpApps = async (html, toolInput, toolResult) => {
  const iframe = frame()
  const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { serverTools: {} })
  bridge.oncalltool = (params) => window.forwardToolCall(params)
  bridge.onsizechange = (params) => window.sizes.push(params.height)
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve })
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow))
  iframe.srcdoc = html
  await initialized
  await bridge.sendToolInput({ arguments: toolInput })
  await bridge.sendToolResult(toolResult)
}

window.hostOpenAi = (html, toolInput, toolResult) => {
  const iframe = frame()
  // ChatGPT injects window.openai before the page's scripts; this stand-in relays to the host.
  const openai = \`<script>
window.openai = {
  toolInput: \${JSON.stringify(toolInput)},
  toolOutput: \${JSON.stringify(toolResult.structuredContent)},
  theme: 'dark',
  callTool(name, args) {
    const id = Math.random()
    return new Promise((resolve) => {
      addEventListener('message', function answer(event) {
        if (event.data?.id !== id) return
        removeEventListener('message', answer)
        resolve(event.data.result)
      })
      parent.postMessage({ id, name, args }, '*')
    })
  },
  notifyIntrinsicHeight(height) { parent.postMessage({ height }, '*') },
}
</script>\`
  addEventListener('message', async (event) => {
    if (event.source !== iframe.contentWindow) return
    if (typeof event.data.height === 'number') window.sizes.push(event.data.height)
    if (typeof event.data.name !== 'string') return
    const result = await window.forwardToolCall({ name: event.data.name, arguments: event.data.args })
    iframe.contentWindow.postMessage({ id: event.data.id, result }, '*')
  })
  iframe.srcdoc = html.replace('<head>', '<head>' + openai)
}
`

let server: ServedPlugin
let client: Client
let host: Server
let hostUrl: string
let browser: Browser
let widgetHtml: string

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
  client = new Client({ name: 'widget-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
  const read = await client.readResource({ uri: 'ui://widgets/Notes_list.html' })
  widgetHtml = (read.contents[0] as { text: string }).text
  const bundle = await build({
    stdin: { contents: HOST_SCRIPT, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  const hostJs = (bundle.outputFiles[0] as { text: string }).text
  host = createServer((request, response) => {
    if (request.url === '/host.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(hostJs)
      return
    }
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Host</title><script type="module" src="/host.js"></script>')
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => host?.close(resolve))
  await client?.close()
  await server?.close()
})

/** A host page whose forwarded tool calls go to the real server, recorded in `calls`. */
async function openHost(): Promise<{ page: Page; calls: unknown[]; errors: string[] }> {
  const page = await browser.newPage()
  const calls: unknown[] = []
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.exposeFunction(
    'forwardToolCall',
    async (params: { name: string; arguments?: Record<string, unknown> }) => {
      // What the host forwards: the name and arguments (not the widget's own `_meta`).
      const call = { name: params.name, arguments: params.arguments }
      calls.push(call)
      return client.callTool(call)
    },
  )
  await page.goto(hostUrl)
  await page.waitForFunction(() => 'hostMcpApps' in window)
  return { page, calls, errors }
}

/** The widget's frame, once it has rendered the list. */
async function renderedWidget(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe')
  const frame = (await element.contentFrame()) as Frame
  await frame.waitForSelector('#notes li')
  return frame
}

async function expectListAndDetails(page: Page, calls: unknown[]): Promise<void> {
  const listed = await client.callTool({ name: 'Notes_list', arguments: {} })
  const items = (listed.structuredContent as { items: { id: string; title: string }[] }).items
  const frame = await renderedWidget(page)
  expect(await frame.$$eval('#notes li span', (spans) => spans.map((s) => s.textContent))).toEqual(
    items.map((note) => note.title),
  )
  const first = items[0] as { id: string; title: string }
  await frame.click(`button[aria-label="Details of ${first.title}"]`)
  await frame.waitForSelector('#detail h2')
  expect(await frame.textContent('#detail h2')).toBe(first.title)
  expect(calls).toEqual([{ name: 'Notes_get', arguments: { id: first.id } }])
  expect(await page.evaluate(() => (window as { sizes?: number[] }).sizes?.length)).toBeGreaterThan(
    0,
  )
}

describe('the Notes_list widget in a headless browser', () => {
  it('renders the notes and calls Notes_get back through an MCP Apps host (AppBridge)', async () => {
    const { page, calls, errors } = await openHost()
    const result = await client.callTool({ name: 'Notes_list', arguments: {} })
    await page.evaluate(([html, toolResult]) => window.hostMcpApps(html, {}, toolResult), [
      widgetHtml,
      result,
    ] as const)
    await expectListAndDetails(page, calls)
    expect(errors).toEqual([])
    await page.close()
  })

  it('does the same under a window.openai stand-in, taking its theme', async () => {
    const { page, calls, errors } = await openHost()
    const result = await client.callTool({ name: 'Notes_list', arguments: {} })
    await page.evaluate(([html, toolResult]) => window.hostOpenAi(html, {}, toolResult), [
      widgetHtml,
      result,
    ] as const)
    await expectListAndDetails(page, calls)
    const frame = await renderedWidget(page)
    expect(await frame.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark')
    expect(errors).toEqual([])
    await page.close()
  })
})

declare global {
  interface Window {
    hostMcpApps(html: string, toolInput: object, toolResult: unknown): Promise<void>
    hostOpenAi(html: string, toolInput: object, toolResult: unknown): void
  }
}
