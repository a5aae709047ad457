// `portico`: what a tool file and a config import. Every line here is an API decision. Tools
// and configs import it at run time, so it loads nothing heavy: no HTTP framework, no JWT
// library, no validator, no MCP SDK (a test checks the module graph). Hosts use `portico/server`.

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
  ResourcesConfig,
  ServerConfig,
  StyleConfig,
} from './config/config-types.js'
export { defineConfig } from './config/define-config.js'
export {
  type ContentBytes,
  content,
  type EmbeddedResourceInput,
  type ResourceLinkInput,
} from './core/content.js'
export type { JsonSchema, JsonSchemaTypeName } from './core/json-schema.js'
export type {
  PorticoAvatar,
  PorticoCaller,
  PorticoPluginContext,
} from './core/plugin-context.js'
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
export type {
  AudioContent,
  ContentBlock,
  EmbeddedResource,
  EmbeddedResourceContents,
  ImageContent,
  ResourceLink,
  TextContent,
  ToolContent,
} from './core/tool-content.js'
export type {
  PorticoAskOptions,
  PorticoElicitContent,
  PorticoElicitField,
  PorticoElicitForm,
  PorticoElicitRequest,
  PorticoElicitResult,
  PorticoElicitValues,
  PorticoLogLevel,
  PorticoRoot,
  PorticoSamplingMessage,
  PorticoSamplingRequest,
  PorticoSamplingResult,
  PorticoToolContext,
} from './core/tool-context.js'
export type { PorticoTraceContext } from './core/trace-hooks.js'
export type { ProblemDocument } from './http/problem-response.js'
export type {
  NamedTypeDefinition,
  PluginIdentity,
  PluginModel,
  ResourceFileDefinition,
  ResourceTemplateDefinition,
  SourceLocation,
  ToolAnnotations,
  ToolClassDefinition,
  ToolDefinition,
} from './model/plugin-model.js'
