import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { logger } from '../core/logger.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import type { PluginIdentity, PorticoConfig, ResolvedConfig } from './config-types.js'
import { type PackageManifest, resolveConfig, resolveIdentity } from './resolve-config.js'
import { validateConfig } from './validate-config.js'

/** Name of the config file inside a plugin folder. */
export const configFileName = 'portico.config.ts'

/** A plugin's config, validated and resolved, with the identity it yields. */
export interface LoadedConfig {
  config: ResolvedConfig
  identity: PluginIdentity
}

/**
 * Loads `portico.config.ts` (TypeScript, through tsx) and `package.json` from a plugin folder.
 * A missing config file means all defaults. Throws {@link PluginDefinitionError} on any mistake.
 */
export async function loadConfig(rootDir: string): Promise<LoadedConfig> {
  const configPath = join(rootDir, configFileName)
  let raw: unknown = {}
  if (existsSync(configPath)) raw = await importConfigModule(configPath)
  const config = validateConfig(raw, configFileName)
  const manifest = await readManifest(rootDir)
  const identity = resolveIdentity(config, manifest ?? {}, basename(rootDir))
  if (!manifest) warnOfDefaults(rootDir, config, identity)
  return { config: resolveConfig(config, identity.name), identity }
}

/** Folders already warned about, so that `portico dev` does not repeat it on every change. */
const warnedFolders = new Set<string>()

/** Without `package.json`, says which identity fields fell back to a default, and where to set them. */
function warnOfDefaults(rootDir: string, config: PorticoConfig, identity: PluginIdentity): void {
  const defaulted = (
    [
      ['name', `name "${identity.name}" (the folder's)`],
      ['version', 'version 0.0.0'],
      ['description', 'no description'],
    ] as const
  ).filter(([key]) => config[key] === undefined)
  if (defaulted.length === 0 || warnedFolders.has(rootDir)) return
  warnedFolders.add(rootDir)
  const keys = defaulted.map(([key]) => `"${key}"`).join(', ')
  logger.warn(
    `${rootDir} has no package.json: the plugin has ${defaulted.map(([, used]) => used).join(', ')}. ` +
      `Set ${keys} in a package.json or in ${configFileName}`,
  )
}

async function importConfigModule(configPath: string): Promise<unknown> {
  const { tsImport } = await import('tsx/esm/api')
  let module: Record<string, unknown>
  try {
    module = await tsImport(pathToFileURL(configPath).href, import.meta.url)
  } catch (error) {
    throw new PluginDefinitionError(
      { file: configFileName },
      `cannot load the config: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  // In a package without "type": "module", tsx loads the file as CommonJS: the namespace's
  // default is then the compiled module.exports, marked __esModule.
  const interop = module.default as { __esModule?: boolean } | undefined
  if (interop?.__esModule) module = interop as Record<string, unknown>
  if (!('default' in module)) {
    throw new PluginDefinitionError(
      { file: configFileName },
      'no default export; write: export default defineConfig({ ... })',
    )
  }
  return module.default
}

async function readManifest(rootDir: string): Promise<PackageManifest | undefined> {
  const path = join(rootDir, 'package.json')
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(await readFile(path, 'utf8')) as PackageManifest
  } catch (error) {
    throw new PluginDefinitionError(
      { file: 'package.json' },
      `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
