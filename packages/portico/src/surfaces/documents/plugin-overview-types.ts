import type { PluginIdentity, ToolAnnotations } from '../../model/plugin-model.js'
import type { PromptListing } from '../../model/prompts/prompt-listing.js'
import type { AgentCatalogEntry } from './agent-documents.js'
import type { SkillUrls } from './document-urls.js'

/** The plugin's identity, as in its config and `package.json`. */
export type OverviewIdentity = PluginIdentity

/** One tool, with where to call it. */
export interface OverviewTool {
  /** `<Class>_<method>` or the method's `@name`: the MCP tool name and REST operation id. */
  id: string
  className: string
  methodName: string
  /** From the `@title` annotation; present when set. */
  title?: string
  /** First sentence of the method's JSDoc; present when written. */
  summary?: string
  /** The MCP annotations that are set. */
  annotations: ToolAnnotations
  /** `<origin>/api/<Class>/<method>` (POST). */
  rest: string
  /** `<origin>/mcp`: the main server, which offers every tool. */
  mcp: string
  /** `<origin>/widgets/<toolId>`: the page of the tool's widget; present when it has one. */
  widget?: string
}

/** One tool class. */
export interface OverviewToolGroup {
  /** The class name. */
  name: string
  /** The class's JSDoc; present when written. */
  description?: string
  /** Ids of its tools, in source order. */
  tools: string[]
  /** The servers offering its tools: `main`, then each named server serving the class. */
  mcpServers: string[]
}

/** One skill, with where to download and read it. */
export interface OverviewSkill extends SkillUrls {
  name: string
  description: string
  /** Every file of the skill folder, relative to it, sorted. */
  files: string[]
}

/** One widget: a UI page bound to a tool. */
export interface OverviewWidget {
  toolId: string
  /** `ui://widgets/<toolId>.html`: the MCP resource. */
  uri: string
  /** `<origin>/widgets/<toolId>`: the widget's page; MCP hosts read the same page as `uri`. */
  url: string
}

/** One file of the plugin's `resources/` folder: an MCP resource of the main server. */
export interface OverviewResource {
  /** `<scheme>://<path without its last extension>`. */
  uri: string
  /** The path relative to `resources/`: its MCP name. */
  name: string
  /** The file name. */
  title: string
  mimeType: string
  /** In bytes. */
  size: number
  /** `<origin>/api/resources?uri=<uri>`: its bytes over REST. */
  url: string
}

/** One resource template: a method tagged `@resource`, read through `resources/read`. */
export interface OverviewResourceTemplate {
  /** `<Class>_<method>` or the method's `@name`: the template's MCP name. */
  id: string
  className: string
  methodName: string
  /** RFC 6570 level 1: `notes://notes/{id}`. */
  uriTemplate: string
  /** Its variables, in order. */
  variables: string[]
  /** From `@title`; present when set. */
  title?: string
  /** First sentence of the method's JSDoc; present when written. */
  summary?: string
  /** From `@mimeType`; present when set. */
  mimeType?: string
  /** The servers offering it: `main`, then each named server serving its class. */
  mcpServers: string[]
}

/** One prompt of the main MCP server: a template, or a method tagged `@prompt`. */
export interface OverviewPrompt extends PromptListing {
  /** The class of a prompt method; absent for a template. */
  className?: string
  /** The method of a prompt method; absent for a template. */
  methodName?: string
}

/** An MCP server this plugin hosts. */
export interface OverviewHostedServer {
  /** `main` for `/mcp`, else the name in `mcp.servers`. */
  name: string
  url: string
  /** `serverInfo.title` of the server. */
  title: string
  /** Ids of the tools it offers. */
  tools: string[]
}

/** An MCP server hosted elsewhere and declared in `mcp.external`. */
export interface OverviewExternalServer {
  name: string
  url: string
  title?: string
  external: true
}

/**
 * `/com.portico.plugin/contents.json`: everything the plugin offers, with absolute links. Its
 * JSON Schema is `packages/portico/schemas/contents.schema.json` (`urn:portico:schema:contents:1`).
 */
export interface PluginOverview {
  /** Version of this document's shape. */
  formatVersion: 1
  identity: OverviewIdentity
  /** Accent colour (`#rrggbb`) and absolute icon URLs, the main icon first. */
  style: { color: string; icons: string[] }
  tools: OverviewTool[]
  toolGroups: OverviewToolGroup[]
  skills: OverviewSkill[]
  agents: AgentCatalogEntry[]
  widgets: OverviewWidget[]
  prompts: OverviewPrompt[]
  /** The files of `resources/`, sorted by path. */
  resources: OverviewResource[]
  /** The resource templates, in class order, then source order. */
  resourceTemplates: OverviewResourceTemplate[]
  /** The hosted servers (`main` first, then named ones in config order), then external ones. */
  mcpServers: (OverviewHostedServer | OverviewExternalServer)[]
}
