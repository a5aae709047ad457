import type { PluginIdentity, PorticoConfig, ResolvedConfig } from './config-types.js'
import { configDefaults } from './defaults.js'
import { formatNpmPerson, type NpmPerson } from './npm-person.js'
import { defaultResourceScheme } from './resource-scheme.js'

/** The fields of `package.json` that feed the plugin's identity. */
export interface PackageManifest {
  name?: string
  version?: string
  description?: string
  /** npm's person: `Name <email> (url)`, or the same as an object. */
  author?: string | NpmPerson
  license?: string
  homepage?: string
  keywords?: string[]
}

/**
 * Applies every default to a validated config; `pluginName` (the identity's) names the default
 * scheme of the plugin's resources.
 */
export function resolveConfig(config: PorticoConfig, pluginName = 'plugin'): ResolvedConfig {
  return {
    auth: config.auth ?? configDefaults.auth,
    ...(config.deploy ? { deploy: config.deploy } : {}),
    mcp: {
      servers: config.mcp?.servers ?? {},
      external: config.mcp?.external ?? {},
      ...(config.mcp?.instructions ? { instructions: config.mcp.instructions } : {}),
      sessions: config.mcp?.sessions ?? configDefaults.mcpSessionMode,
    },
    prompts: config.prompts ?? [],
    resources: { scheme: config.resources?.scheme ?? defaultResourceScheme(pluginName) },
    style: {
      color: config.style?.color ?? configDefaults.styleColor,
      icons: config.style?.icons ?? [],
    },
    limits: {
      bodyBytes: config.limits?.bodyBytes ?? configDefaults.bodyBytes,
      toolTimeoutMs: config.limits?.toolTimeoutMs ?? configDefaults.toolTimeoutMs,
      mcpSessions: config.limits?.mcpSessions ?? configDefaults.mcpSessions,
      mcpSessionIdleMs: config.limits?.mcpSessionIdleMs ?? configDefaults.mcpSessionIdleMs,
      mcpStreams: config.limits?.mcpStreams ?? configDefaults.mcpStreams,
      headersTimeoutMs: config.limits?.headersTimeoutMs ?? configDefaults.headersTimeoutMs,
      requestTimeoutMs: config.limits?.requestTimeoutMs ?? configDefaults.requestTimeoutMs,
      shutdownMs: config.limits?.shutdownMs ?? configDefaults.shutdownMs,
    },
    server: {
      ...(config.server?.publicUrl
        ? { publicUrl: config.server.publicUrl.replace(/\/+$/, '') }
        : {}),
      trustProxy: config.server?.trustProxy ?? configDefaults.trustProxy,
      allowedHosts: config.server?.allowedHosts ?? [],
      allowBrowserOrigins: browserOriginsOf(config.server?.allowBrowserOrigins),
    },
  }
}

/**
 * The plugin's identity: each field from the config, else from `package.json`, else a default
 * derived from the folder name.
 */
export function resolveIdentity(
  config: PorticoConfig,
  manifest: PackageManifest,
  folderName: string,
): PluginIdentity {
  const name = config.name ?? manifest.name ?? folderName
  const author = config.author ?? formatAuthor(manifest.author)
  const license = config.license ?? manifest.license
  const homepage = config.homepage ?? manifest.homepage
  return {
    name,
    version: config.version ?? manifest.version ?? '0.0.0',
    title: config.title ?? titleFromName(name),
    description: config.description ?? manifest.description ?? '',
    ...(author ? { author } : {}),
    ...(license ? { license } : {}),
    ...(homepage ? { homepage } : {}),
    keywords: config.keywords ?? manifest.keywords ?? [],
  }
}

/** The author as one string in npm's person format; the documents parse it back. */
function formatAuthor(author: PackageManifest['author']): string | undefined {
  if (typeof author === 'string' || author === undefined) return author
  return author.name ? formatNpmPerson(author) : undefined
}

/** `@acme/notes-plugin` → `Notes Plugin`. */
function titleFromName(name: string): string {
  const bare = name.replace(/^@[^/]+\//, '')
  return bare
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ')
}

/** `'*'` as a one-entry list, and each origin as `URL` writes it (`https://App.example/` → `https://app.example`). */
function browserOriginsOf(value: string[] | '*' | undefined): string[] {
  if (value === undefined) return []
  if (value === '*') return ['*']
  return value.map((origin) => (origin === '*' ? origin : new URL(origin).origin))
}
