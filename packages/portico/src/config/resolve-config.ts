import { configDefaults } from './config-defaults.js'
import type { LimitsConfig, PluginIdentity, PorticoConfig, ResolvedConfig } from './config-types.js'
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
  const defaults = configDefaults
  return {
    auth: config.auth ?? defaults.auth,
    ...(config.deploy ? { deploy: config.deploy } : {}),
    mcp: {
      servers: config.mcp?.servers ?? { ...defaults.mcp.servers },
      external: config.mcp?.external ?? { ...defaults.mcp.external },
      ...(config.mcp?.instructions ? { instructions: config.mcp.instructions } : {}),
      sessions: config.mcp?.sessions ?? defaults.mcp.sessions,
    },
    prompts: config.prompts ?? [...defaults.prompts],
    resources: { scheme: config.resources?.scheme ?? defaultResourceScheme(pluginName) },
    style: {
      color: config.style?.color ?? defaults.style.color,
      icons: config.style?.icons ?? [...defaults.style.icons],
    },
    limits: withDefaults<Required<LimitsConfig>>(defaults.limits, config.limits),
    server: {
      ...(config.server?.publicUrl
        ? { publicUrl: config.server.publicUrl.replace(/\/+$/, '') }
        : {}),
      trustProxy: config.server?.trustProxy ?? defaults.server.trustProxy,
      allowedHosts: config.server?.allowedHosts ?? [...defaults.server.allowedHosts],
      allowBrowserOrigins: browserOriginsOf(
        config.server?.allowBrowserOrigins ?? [...defaults.server.allowBrowserOrigins],
      ),
      isolateTools: config.server?.isolateTools ?? defaults.server.isolateTools,
      ...(config.server?.metricsPort === undefined
        ? {}
        : { metricsPort: config.server.metricsPort }),
    },
  }
}

/** `defaults` with each key `given` sets (to anything but `undefined`) replaced. */
function withDefaults<T extends object>(defaults: T, given: Partial<T> | undefined): T {
  const result = { ...defaults }
  for (const [key, value] of Object.entries(given ?? {})) {
    if (value !== undefined) (result as Record<string, unknown>)[key] = value
  }
  return result
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
function browserOriginsOf(value: string[] | '*'): string[] {
  if (value === '*') return ['*']
  return value.map((origin) => (origin === '*' ? origin : new URL(origin).origin))
}
