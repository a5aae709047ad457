/*
 * The one declaration of `portico.config.ts`: each key's type, description, constraints and
 * `@default`. `npm run generate -w portico` derives the config schema (`config-schema.ts`,
 * `schemas/config.schema.json`), the defaults (`config-defaults.ts`) and `docs/config.md` from it.
 */

/** Authentication mode of the whole server (`/api/*` and `/mcp*`). */
export type AuthMode = 'anon' | 'portico-hub' | 'custom'

/** An http(s) URL. @pattern ^https?://[^\s]+$ */
export type HttpUrl = string

/** A non-empty string. @minLength 1 */
export type NonEmptyString = string

/** Lower case letters, digits and `-`, up to 63 characters. @pattern ^[a-z0-9][a-z0-9-]{0,62}$ */
export type Slug = string

/** A tool class's name as written in its file. @pattern ^[A-Za-z_$][A-Za-z0-9_$]*$ */
export type ToolClassName = string

/**
 * A host name or IP literal, with an optional port.
 * @pattern ^(?:\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?$
 */
export type HostName = string

/**
 * A web origin (`https://app.example`), or `*` for any.
 * @pattern ^(?:\*|https?://(?:\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?)$
 */
export type BrowserOrigin = string

/** Where a `portico-hub` plugin is deployed; required in that mode. */
export interface DeployConfig {
  /** Organisation that owns the app, e.g. `acme`. */
  org: Slug
  /** App name inside the organisation, e.g. `notes`. */
  app: Slug
  /**
   * Which access tokens the plugin accepts. `shared`: the test tier's one audience, so a token
   * issued for any portico-hub plugin is valid here. `plugin`: only tokens issued for this
   * plugin, i.e. for `urn:portico:hub:<org>:<app>` or for this plugin's own resource URL
   * (RFC 8707 resource indicators).
   * @default "shared"
   */
  audience?: 'shared' | 'plugin'
}

/** One additional MCP server at `/mcp/<name>`, serving a subset of the tool classes. */
export interface McpServerConfig {
  /**
   * Names of the tool classes this server serves.
   * @minItems 1
   */
  classes: ToolClassName[]
  /** @minLength 1 */
  title?: string
  description?: string
}

/** An MCP server hosted elsewhere, listed in `/mcp.json` at its own URL. */
export interface McpExternalServerConfig {
  url: HttpUrl
  /** @minLength 1 */
  title?: string
}

/**
 * How the MCP endpoints serve clients of the initialize-based 2025 revisions: `stateless`
 * answers every request on its own, `stateful` keeps a session per client. Requests of the
 * 2026-07-28 revision are stateless either way.
 */
export type McpSessionMode = 'stateless' | 'stateful'

/** MCP options. */
export interface McpConfig {
  /**
   * Named servers at `/mcp/<name>`.
   * @propertyNames ^[a-z0-9][a-z0-9_-]{0,62}$
   * @default {}
   */
  servers?: Record<string, McpServerConfig>
  /**
   * Servers hosted elsewhere, advertised in `/mcp.json`.
   * @propertyNames ^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$
   * @default {}
   */
  external?: Record<string, McpExternalServerConfig>
  /** Text sent to MCP clients as `instructions`. */
  instructions?: string
  /**
   * `stateless`: any replica answers any request, no `Mcp-Session-Id` is issued and
   * `GET`/`DELETE` are 405; a plugin scales out behind any balancer, and the hot path answers
   * `tools/call` without building an SDK server. `stateful`: a 2025 `initialize` opens a session
   * (`Mcp-Session-Id`), whose server keeps the log level and can send notifications and requests
   * (elicitation, sampling) to the client on a response stream or the `GET` stream, resumable
   * with `Last-Event-ID`. Needs sticky routing or a shared store (`PORTICO_REDIS_URL`) across
   * replicas.
   * @default "stateless"
   */
  sessions?: McpSessionMode
}

/** Look of the docs site and the overview. */
export interface StyleConfig {
  /**
   * Accent colour, a CSS hex colour; the default is a teal that reads on light and dark
   * backgrounds.
   * @pattern ^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$
   * @default "#0f766e"
   */
  color?: string
  /**
   * Icon paths relative to the plugin folder, or absolute https URLs; the first is the main icon.
   * @default []
   */
  icons?: NonEmptyString[]
}

/** Request limits: each has a default, and what happens past it. */
export interface LimitsConfig {
  /**
   * Largest accepted request body, in bytes. Past it: 413, before the body is read when
   * `Content-Length` says so. 1 MiB is ample for tool inputs, small enough that a hostile body
   * costs little.
   * @integer
   * @minimum 1
   * @maximum 1073741824
   * @default 1048576
   */
  bodyBytes?: number
  /**
   * Largest tool result, in bytes of its JSON (UTF-8). Past it: the call fails, naming the limit
   * (500 over REST, an `isError` result over MCP), and nothing of the result is sent. An answer
   * holds a few copies of its result while it is written (the tool's value, its JSON, the bytes
   * sent, and over MCP the text copy too), so 8 MiB keeps a call to tens of MiB, well inside the
   * 512 Mi of the shipped pod even with calls side by side, and is more than an agent can read.
   * At most 64 MiB: MCP's escaped text copy must still fit in one string.
   * @integer
   * @minimum 1
   * @maximum 67108864
   * @default 8388608
   */
  resultBytes?: number
  /**
   * Longest a tool call may run, in milliseconds. Past it: the call fails (504 over REST) and the
   * tool's `ctx.signal` aborts. 30 s is long enough for a slow upstream API, short enough that a
   * stuck call frees its slot.
   * @integer
   * @minimum 1
   * @maximum 86400000
   * @default 30000
   */
  toolTimeoutMs?: number
  /**
   * Most MCP sessions open at once in one process (`mcp.sessions: 'stateful'`). Past it:
   * `initialize` of a stateful session gets 503 with `Retry-After`. Each session holds an SDK
   * server, a transport and its recent events (tens of KB idle), so the cap keeps a flood of
   * `initialize` requests to tens of MB.
   * @integer
   * @minimum 1
   * @maximum 1000000
   * @default 1000
   */
  mcpSessions?: number
  /**
   * Most MCP sessions one client may hold open at once in one process (`mcp.sessions:
   * 'stateful'`), by its address: the connection's, or behind `server.trustProxy` the last
   * `X-Forwarded-For` entry, the one the nearest proxy wrote (an IPv6 address counts by its /64).
   * Past it: that client's `initialize` gets 429 with `Retry-After` (when its own next unused
   * session expires), while other clients still open theirs, so one client cannot take every
   * slot of `mcpSessions`. Behind a proxy without `trustProxy` all clients share the proxy's
   * address: set `trustProxy`, or raise this. On runtimes that give no address (Workers) and
   * without `trustProxy`, only `mcpSessions` applies.
   * @integer
   * @minimum 1
   * @maximum 1000000
   * @default 100
   */
  mcpSessionsPerClient?: number
  /**
   * How long an MCP session may sit without a request or an open stream before it is closed, in
   * milliseconds. 10 min is longer than an agent usually pauses between calls, short enough that
   * abandoned sessions (clients rarely send `DELETE`) free their slot.
   * @integer
   * @minimum 100
   * @maximum 86400000
   * @default 600000
   */
  mcpSessionIdleMs?: number
  /**
   * Most MCP `GET` streams (a session's standalone stream, resumptions) open at once in one
   * process. Past it: a `GET` gets 503 with `Retry-After: 5`. Each holds a connection and a
   * keep-alive timer, and a client needs one per session.
   * @integer
   * @minimum 1
   * @maximum 1000000
   * @default 1000
   */
  mcpStreams?: number
  /**
   * Most entries in one answer of an MCP list (`tools/list`, `prompts/list`, `resources/list`,
   * `resources/templates/list`). A longer list answers in pages, each with a `nextCursor` that
   * names the next one on any replica serving the same plugin; a list that fits one page
   * answers whole, as it always did. 500 keeps plugins of hundreds of tools on one page, for
   * clients that read only the first (the SDK v1 client's `listTools`), while a page of a
   * 10,000-tool list stays near 0.5 MB; 100000 answers every list whole again.
   * @integer
   * @minimum 1
   * @maximum 100000
   * @default 500
   */
  mcpListPageSize?: number
  /**
   * How long a finished MCP task (`@task` tools, the `io.modelcontextprotocol/tasks` extension)
   * stays readable by `tasks/get`, from its creation, in milliseconds: its `ttlMs`. Past it the
   * task is gone (-32602 on `tasks/get`); a task still running is kept until it ends. One hour
   * gives a client that polls every few seconds ample time to read the result.
   * @integer
   * @minimum 1000
   * @maximum 604800000
   * @default 3600000
   */
  mcpTaskTtlMs?: number
  /**
   * How often a client should poll a task (`pollIntervalMs` of every task), in milliseconds; also
   * how often a replica reads the cancels and answers that other replicas stored for its tasks.
   * @integer
   * @minimum 100
   * @maximum 60000
   * @default 1000
   */
  mcpTaskPollIntervalMs?: number
  /**
   * Most tasks one process keeps in memory (without `PORTICO_REDIS_URL`). Past it the oldest
   * finished task goes first; a running task is never dropped: when every kept task runs, a new
   * call of a `@task` tool answers without a task, as a plain call.
   * @integer
   * @minimum 1
   * @maximum 1000000
   * @default 10000
   */
  mcpTasks?: number
  /**
   * How long a call of a `@task` tool may take before it becomes a task, in milliseconds: a call
   * that ends sooner answers its result at once (the extension's immediate-result shortcut), and
   * one that asks for input sooner asks it by `input_required` rounds on the call itself, as a
   * plain call does; past it the call answers `resultType: "task"` and asks through the task.
   * @integer
   * @minimum 0
   * @maximum 10000
   * @default 100
   */
  mcpTaskImmediateMs?: number
  /**
   * Longest a call of a `@task` tool may run when its request declares the tasks extension, in
   * milliseconds: it replaces `limits.toolTimeoutMs` for such a call, since a task is long work
   * by definition. Past it the task ends `completed` with `isError: true`, as a timed-out call
   * answers. One hour by default.
   * @integer
   * @minimum 1000
   * @maximum 86400000
   * @default 3600000
   */
  mcpTaskTimeoutMs?: number
  /**
   * Longest a new request may be expected to wait for the event loop, in milliseconds (Node
   * only: `portico start`). Past it: the request gets 503 with `Retry-After: 1` (a problem
   * document, or a JSON-RPC error on `/mcp`) before any other work, and the calls under way
   * finish. The wait counts a stuck loop and the admitted calls times their loop
   * time (docs/deploy.md, Overload). `/healthz` and `/readyz` are never shed. A queue of
   * CPU-bound calls then stays near this long instead of growing with the load, and a probe is
   * answered within about this plus one call. 200 ms is well above a garbage-collection pause,
   * well below a client's or a probe's timeout. 0 sheds nothing.
   * @integer
   * @minimum 0
   * @maximum 60000
   * @default 200
   */
  eventLoopDelayMs?: number
  /**
   * Longest a client may take to send a request's headers, in milliseconds. Past it: 408 and the
   * connection is closed. A real client sends them at once, so a trickle (slow-loris) holds a
   * connection for no longer than this. At most `requestTimeoutMs`.
   * @integer
   * @minimum 100
   * @maximum 600000
   * @default 10000
   */
  headersTimeoutMs?: number
  /**
   * Longest a client may take to send a whole request, headers and body, in milliseconds. Past
   * it: 408. A body of `bodyBytes` arrives well within 30 s on a slow link. On Bun, Deno and
   * workerd, which bound no such time, it bounds the body alone, from when Portico starts to
   * read it: past it the body is cancelled and the answer is 408 (a problem document, or a
   * JSON-RPC error on `/mcp`), where it would otherwise be held open as long as its client likes.
   * @integer
   * @minimum 100
   * @maximum 3600000
   * @default 30000
   */
  requestTimeoutMs?: number
  /**
   * Longest `portico start` waits for the calls under way on SIGTERM before it exits, in
   * milliseconds. Past it: the requests still under way are cut and the process exits. 10 s is
   * within Kubernetes' default grace period (30 s), so a rolling update cuts no call that
   * finishes in time.
   * @integer
   * @minimum 0
   * @maximum 600000
   * @default 10000
   */
  shutdownMs?: number
}

/** How the server learns its public origin and which host names it answers to. */
export interface ServerConfig {
  /** The public URL (`https://notes.example.com`); wins over request headers when set. */
  publicUrl?: HttpUrl
  /**
   * Trust `X-Forwarded-Proto` / `X-Forwarded-Host` from a reverse proxy. Off, forwarded headers
   * are ignored unless a proxy is known to set them.
   * @default false
   */
  trustProxy?: boolean
  /**
   * Hosts the tool-calling routes accept in `Host` (and, with `trustProxy`, in
   * `X-Forwarded-Host`), besides the public URL's: `notes.example` on any port, or
   * `notes.example:8443` on that port only. A guard against DNS rebinding, and the hosts links
   * and token audiences may name.
   * @default []
   */
  allowedHosts?: HostName[]
  /**
   * Web pages of other sites that may call the tools from a browser, as origins
   * (`https://app.example`), or `'*'` for any. By default only the plugin's own pages may (and,
   * on loopback, pages on loopback); in the authenticated modes beyond loopback any page may,
   * since a call needs a bearer token.
   * @default []
   */
  allowBrowserOrigins?: '*' | BrowserOrigin[]
  /**
   * Run the tools in a pool of worker threads under `portico start` and `portico stdio`, one
   * call per worker at a time, each worker's heap capped at 256 MiB: a tool that calls
   * `process.exit()`, throws from a timer or fills its heap ends its own call (a 500, or
   * `isError` over MCP) and its worker, which is replaced, instead of the whole server. A timeout
   * ends the worker too, so a tool stuck in a loop is stopped. Costs a copy of each input and
   * result; a tool may not take a context (`ctx`), and the plugin then fails to load.
   * Resource templates and prompt methods run on the main thread as before.
   * @default false
   */
  isolateTools?: boolean
  /**
   * Serve OpenTelemetry metrics for Prometheus at `GET /metrics` on this port of the listen host,
   * under `portico start` (`PORTICO_METRICS_PORT` wins). A port of its own, never the public
   * one: a scrape tells which tools are called and how often. Unset, no metrics are kept and
   * the OpenTelemetry SDK is not loaded. See docs/observability.md.
   * @integer
   * @minimum 1
   * @maximum 65535
   */
  metricsPort?: number
}

/** A prompt's name, unique among all prompts. @pattern ^[a-zA-Z0-9_-]{1,64}$ */
export type PromptName = string

/** A prompt argument's name. @pattern ^[a-zA-Z_][a-zA-Z0-9_]*$ */
export type PromptArgumentName = string

/** One argument of a config prompt. */
export interface PromptArgumentConfig {
  name: PromptArgumentName
  description?: string
  /**
   * Whether `prompts/get` must be given this argument.
   * @default false
   */
  required?: boolean
  /**
   * Values to suggest for the argument: what `completion/complete` offers as the user types
   * (filtered by prefix). `prompts/get` still takes any text.
   * @uniqueItems
   */
  values?: string[]
}

/**
 * A prompt template written in the config rather than in `prompts/<name>.md`. `{{argument}}`
 * placeholders in `template` are filled by `prompts/get`; `\{{` stands for a literal `{{`.
 */
export interface PromptConfig {
  name: PromptName
  /** @minLength 1 */
  title?: string
  description?: string
  arguments?: PromptArgumentConfig[]
  /**
   * The prompt text, taken as written.
   * @minLength 1
   */
  template: string
}

/**
 * The URI scheme of resources: lower case, a letter then letters, digits, `+`, `.` or `-`.
 * @pattern ^[a-z][a-z0-9+.-]{0,31}$
 */
export type ResourceScheme = string

/** The plugin's static MCP resources: the files of `resources/`. */
export interface ResourcesConfig {
  /**
   * The URI scheme of those files: `resources/guides/setup.md` is `<scheme>://guides/setup`.
   * `ui`, `skill`, `http`, `https`, `file`, `data`, `ftp`, `ws` and `wss` are taken. Default:
   * the plugin's name without its npm scope, lowercased, with every other character turned into
   * `-`.
   */
  scheme?: ResourceScheme
}

/**
 * The contents of `portico.config.ts`. Every key is optional; identity fields default from the
 * plugin's `package.json`.
 */
export interface PorticoConfig {
  /**
   * The plugin's npm name. Default: `name` of `package.json`, else the folder's name.
   * @pattern ^[a-z0-9@][a-z0-9._/-]{0,213}$
   */
  name?: string
  /**
   * Default: `version` of `package.json`, else `0.0.0`.
   * @minLength 1
   */
  version?: string
  /**
   * Display name. Default: from the name (`@acme/notes-plugin` gives `Notes Plugin`).
   * @minLength 1
   */
  title?: string
  /** Default: `description` of `package.json`, else empty. */
  description?: string
  /** Default: `author` of `package.json`, in npm's person format. */
  author?: string
  /** SPDX licence id. Default: `license` of `package.json`. */
  license?: string
  /** Default: `homepage` of `package.json`. */
  homepage?: HttpUrl
  /** Default: `keywords` of `package.json`, else none. */
  keywords?: NonEmptyString[]
  /**
   * Who may call the tools. `anon`: anyone who reaches the server. `portico-hub`: tokens of the
   * Portico hub (needs `deploy`). `custom`: tokens of your identity provider, set by the
   * `OAUTH_*` variables.
   * @default "anon"
   */
  auth?: AuthMode
  deploy?: DeployConfig
  mcp?: McpConfig
  /**
   * Prompt templates, besides those in `prompts/*.md`.
   * @default []
   */
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
  limits: Required<LimitsConfig>
  server: {
    publicUrl?: string
    trustProxy: boolean
    allowedHosts: string[]
    /** Origins, or `['*']` for any. */
    allowBrowserOrigins: string[]
    isolateTools: boolean
    metricsPort?: number
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
