import type { PluginModel } from '../../model/plugin-model.js'

/** Which part of Portico answered: the tools over REST, over MCP, or a document or page. */
export type Surface = 'rest' | 'mcp' | 'documents'

/** What a request is, for its series and spans: every value comes from the plugin, none from the client. */
export interface RouteOf {
  surface: Surface
  /** A route of the plugin (`/api/Notes/list`, `/mcp`); absent for any other path. */
  route?: string
  /** The tool a REST route calls. */
  tool?: string
}

/** Maps a pathname to its surface and, when it is one of the plugin's, its route and tool. */
export function createRouteOf(model: PluginModel): (pathname: string) => RouteOf {
  const restRoutes = new Map<string, RouteOf>(
    model.tools.map((tool) => {
      const route = `/api/${tool.className}/${tool.methodName}`
      return [route, { surface: 'rest', route, tool: tool.id }]
    }),
  )
  const mcpRoutes = new Map<string, RouteOf>(
    ['/mcp', ...Object.keys(model.config.mcp.servers).map((name) => `/mcp/${name}`)].map(
      (route) => [route, { surface: 'mcp', route }],
    ),
  )
  const rest: RouteOf = { surface: 'rest' }
  const mcp: RouteOf = { surface: 'mcp' }
  const documents: RouteOf = { surface: 'documents' }
  return (pathname) => {
    const known = restRoutes.get(pathname) ?? mcpRoutes.get(pathname)
    if (known) return known
    if (pathname.startsWith('/api/')) return rest
    // The JSON mirrors (`/mcp.json`, `/mcp/<name>.json`) are documents.
    if ((pathname === '/mcp' || pathname.startsWith('/mcp/')) && !pathname.endsWith('.json'))
      return mcp
    return documents
  }
}

/** The methods the conventions name; any other is `_OTHER`, so a client cannot mint series. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
])

/** The request's method as the conventions' `http.request.method` has it. */
export function methodOf(method: string | undefined): string {
  return method !== undefined && KNOWN_METHODS.has(method) ? method : '_OTHER'
}
