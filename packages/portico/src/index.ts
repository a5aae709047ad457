// The public API of `portico`. Every line here is a deliberate API decision: this module is
// imported at run time by configs and tools, so it stays free of the TypeScript compiler.

export type {
  AuthMode,
  DeployConfig,
  LimitsConfig,
  McpConfig,
  McpExternalServerConfig,
  McpServerConfig,
  PorticoConfig,
  PromptConfig,
  ResolvedConfig,
  ServerConfig,
  StyleConfig,
} from './config/config-types.js'
export { defineConfig } from './config/define-config.js'
export type { JsonSchema, JsonSchemaTypeName } from './core/json-schema.js'
export type { PorticoAvatar, PorticoPluginContext } from './core/plugin-context.js'
export {
  type DefinitionLocation,
  PluginDefinitionError,
} from './core/plugin-definition-error.js'
export {
  type ErrorDetail,
  PorticoError,
  type PorticoErrorKind,
  type PorticoErrorOptions,
} from './core/portico-error.js'
export type { ProblemDocument } from './http/problem-response.js'
export {
  createToolRuntime,
  type ToolClass,
  type ToolClassMap,
  type ToolRuntime,
  type ToolRuntimeOptions,
} from './invoke/create-tool-runtime.js'
export type {
  NamedTypeDefinition,
  PluginIdentity,
  PluginModel,
  SourceLocation,
  ToolAnnotations,
  ToolClassDefinition,
  ToolDefinition,
} from './model/plugin-model.js'
export { loadBuiltPlugin } from './plugin/load-built-plugin.js'
export type { LoadedPlugin } from './plugin/loaded-plugin.js'
export { type AppOptions, createApp } from './server/create-app.js'
export { type AuthAppOptions, getAuthApp } from './server/get-auth-app.js'
