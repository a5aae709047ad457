/** Authentication mode of the whole server (`/api/*` and `/mcp*`). */
export type AuthMode = 'anon' | 'portico-hub' | 'custom'

/** Where a `portico-hub` plugin is deployed; required in that mode. */
export interface DeployConfig {
  /** Organisation that owns the app, e.g. `acme`. */
  org: string
  /** App name inside the organisation, e.g. `notes`. */
  app: string
  /**
   * Which access tokens the plugin accepts. `shared` (default): the test tier's one audience, so
   * a token issued for any portico-hub plugin is valid here. `plugin`: only tokens issued for
   * this plugin, i.e. for `urn:portico:hub:<org>:<app>` or for this plugin's own resource URL
   * (RFC 8707 resource indicators).
   */
  audience?: 'shared' | 'plugin'
}

/** One additional MCP server at `/mcp/<name>`, serving a subset of the tool classes. */
export interface McpServerConfig {
  /** Names of the tool classes this server serves. */
  classes: string[]
  title?: string
  description?: string
}

/** An MCP server hosted elsewhere, listed in `/mcp.json` at its own URL. */
export interface McpExternalServerConfig {
  url: string
  title?: string
}

/**
 * How the MCP endpoints serve clients of the initialize-based 2025 revisions: `stateless`
 * answers every request on its own, `stateful` keeps a session per client (see
 * {@link McpConfig.sessions}). Requests of the 2026-07-28 revision are stateless either way.
 */
export type McpSessionMode = 'stateless' | 'stateful'

/** MCP options. */
export interface McpConfig {
  /** Named servers at `/mcp/<name>`. */
  servers?: Record<string, McpServerConfig>
  /** Servers hosted elsewhere, advertised in `/mcp.json`. */
  external?: Record<string, McpExternalServerConfig>
  /** Text sent to MCP clients as `instructions`. */
  instructions?: string
  /**
   * `stateless` (default): any replica answers any request, no `Mcp-Session-Id` is issued and
   * `GET`/`DELETE` are 405. `stateful`: a 2025 `initialize` opens a session (`Mcp-Session-Id`),
   * whose server keeps the log level and can send notifications and requests (elicitation,
   * sampling) to the client on a response stream or the `GET` stream, resumable with
   * `Last-Event-ID`. Needs sticky routing (or, later, a shared event store) across replicas.
   */
  sessions?: McpSessionMode
}

/** Look of the docs site and the overview. */
export interface StyleConfig {
  /** Accent colour, a CSS hex colour such as `#0f766e`. */
  color?: string
  /** Icon paths relative to the plugin folder, or absolute https URLs; the first is the main icon. */
  icons?: string[]
}

/** Request limits. */
export interface LimitsConfig {
  /** Largest accepted request body, in bytes. */
  bodyBytes?: number
  /** Longest a tool call may run, in milliseconds. */
  toolTimeoutMs?: number
  /** Most MCP sessions open at once in one process (`mcp.sessions: 'stateful'`). */
  mcpSessions?: number
  /** How long an MCP session may sit without a request or an open stream before it is closed. */
  mcpSessionIdleMs?: number
  /** Most MCP `GET` streams (a session's standalone stream, resumptions) open at once in one process. */
  mcpStreams?: number
  /** Longest a client may take to send a request's headers, in milliseconds (slow-loris). */
  headersTimeoutMs?: number
  /** Longest a client may take to send a whole request, headers and body, in milliseconds. */
  requestTimeoutMs?: number
  /** Longest `portico start` waits for the calls under way on SIGTERM before it exits. */
  shutdownMs?: number
}

/** How the server learns its public origin and which host names it answers to. */
export interface ServerConfig {
  /** The public URL (`https://notes.example.com`); wins over request headers when set. */
  publicUrl?: string
  /** Trust `X-Forwarded-Proto` / `X-Forwarded-Host` from a reverse proxy. */
  trustProxy?: boolean
  /**
   * Hosts the tool-calling routes accept in `Host` (and, with `trustProxy`, in
   * `X-Forwarded-Host`), besides the public URL's: `notes.example` on any port, or
   * `notes.example:8443` on that port only. A guard against DNS rebinding, and the hosts links
   * and token audiences may name.
   */
  allowedHosts?: string[]
  /**
   * Web pages of other sites that may call the tools from a browser, as origins
   * (`https://app.example`), or `'*'` for any. By default only the plugin's own pages may (and,
   * on loopback, pages on loopback); in the authenticated modes beyond loopback any page may,
   * since a call needs a bearer token.
   */
  allowBrowserOrigins?: string[] | '*'
}

/**
 * A prompt template written in the config rather than in `prompts/<name>.md`. `{{argument}}`
 * placeholders in `template` are filled by `prompts/get`; `\{{` stands for a literal `{{`.
 */
export interface PromptConfig {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`, unique among all prompts. */
  name: string
  title?: string
  description?: string
  arguments?: {
    /** Matches `^[a-zA-Z_][a-zA-Z0-9_]*$`. */
    name: string
    description?: string
    /** Whether `prompts/get` must be given this argument; default false. */
    required?: boolean
    /**
     * Values to suggest for the argument: what `completion/complete` offers as the user types
     * (filtered by prefix). `prompts/get` still takes any text.
     */
    values?: string[]
  }[]
  /** The prompt text, taken as written. */
  template: string
}

/** The plugin's static MCP resources: the files of `resources/`. */
export interface ResourcesConfig {
  /**
   * The URI scheme of those files: `resources/guides/setup.md` is `<scheme>://guides/setup`.
   * Lower case, a letter then letters, digits, `+`, `.` or `-`; `ui`, `skill`, `http`, `https`,
   * `file`, `data`, `ftp`, `ws` and `wss` are taken. Default: the plugin's name without its npm
   * scope, lowercased, with every other character turned into `-`.
   */
  scheme?: string
}

/**
 * The contents of `portico.config.ts`. Every key is optional; identity fields default from the
 * plugin's `package.json`.
 */
export interface PorticoConfig {
  name?: string
  version?: string
  title?: string
  description?: string
  author?: string
  license?: string
  homepage?: string
  keywords?: string[]
  auth?: AuthMode
  deploy?: DeployConfig
  mcp?: McpConfig
  /** Prompt templates, besides those in `prompts/*.md`. */
  prompts?: PromptConfig[]
  resources?: ResourcesConfig
  style?: StyleConfig
  limits?: LimitsConfig
  server?: ServerConfig
}

/** The config with every default applied; what the rest of Portico reads. */
export interface ResolvedConfig {
  auth: AuthMode
  deploy?: DeployConfig
  mcp: {
    servers: Record<string, McpServerConfig>
    external: Record<string, McpExternalServerConfig>
    instructions?: string
    sessions: McpSessionMode
  }
  prompts: PromptConfig[]
  resources: { scheme: string }
  style: { color: string; icons: string[] }
  limits: {
    bodyBytes: number
    toolTimeoutMs: number
    mcpSessions: number
    mcpSessionIdleMs: number
    mcpStreams: number
    headersTimeoutMs: number
    requestTimeoutMs: number
    shutdownMs: number
  }
  server: {
    publicUrl?: string
    trustProxy: boolean
    allowedHosts: string[]
    /** Origins, or `['*']` for any. */
    allowBrowserOrigins: string[]
  }
}

/** Who the plugin is: from the config, defaulting from `package.json`. */
export interface PluginIdentity {
  name: string
  version: string
  /** Display name. */
  title: string
  description: string
  author?: string
  /** SPDX licence id. */
  license?: string
  homepage?: string
  keywords: string[]
}
