// `portico/server`: what a host needs to serve a plugin itself. Every line is an API decision.

export type { AuthGate } from '../auth/create-auth-gate.js'
export {
  createToolRuntime,
  type ToolClass,
  type ToolClassMap,
  type ToolRuntime,
  type ToolRuntimeOptions,
} from '../invoke/create-tool-runtime.js'
export { loadBuiltPlugin } from '../plugin/load-built-plugin.js'
export type { LoadedPlugin } from '../plugin/loaded-plugin.js'
export type {
  McpEventMessage,
  McpEventStore,
} from '../stores/mcp-event-store.js'
export type {
  McpChange,
  McpChangeListener,
  McpNotificationBus,
} from '../stores/mcp-notification-bus.js'
export type {
  McpSessionRecord,
  McpSessionStore,
} from '../stores/mcp-session-store.js'
export type { FetchHandler } from './assemble-server.js'
export { type AppOptions, createApp, type LoginOptions, type McpAppOptions } from './create-app.js'
export {
  type BundledFetchHandlerOptions,
  createBundledFetchHandler,
} from './create-bundled-fetch-handler.js'
export { createFetchHandler, type FetchHandlerOptions } from './create-fetch-handler.js'
export { type AuthAppOptions, getAuthApp } from './get-auth-app.js'
