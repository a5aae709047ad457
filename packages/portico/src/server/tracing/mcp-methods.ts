/**
 * The MCP methods a client sends a server, in either era: a span is named after one of these,
 * or `_OTHER`, so a client cannot mint span names.
 */
export const MCP_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'completion/complete',
  'logging/setLevel',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
  'tasks/update',
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/roots/list_changed',
])
