import { createHash } from 'node:crypto'
import type { PluginModel } from '../../model/plugin-model.js'
import { buildDocumentUrl } from './document-urls.js'
import { buildManifestIdentity, type ManifestIdentity } from './plugin-manifest.js'

/** The `archive` plugin source of Claude Code: a zip over HTTPS, checked by its SHA-256. */
export interface ArchivePluginSource {
  source: 'archive'
  /** `<origin>/plugin.zip` */
  url: string
  /** Lower-case hex SHA-256 of the bytes `/plugin.zip` serves. */
  sha256: string
}

/** The one plugin entry of the marketplace. */
export interface MarketplacePluginEntry {
  /** The agent-plugin name, as in `.claude-plugin/plugin.json`. */
  name: string
  description: string
  version: string
  author?: ManifestIdentity['author']
  homepage?: string
  license?: string
  keywords: string[]
  source: ArchivePluginSource
}

/**
 * `/.claude-plugin/marketplace.json`: a Claude Code marketplace of one plugin, this one, whose
 * source is the plugin's own `/plugin.zip` (see code.claude.com/docs/en/plugins/marketplace-reference).
 */
export interface Marketplace {
  /** `<plugin>-marketplace`: a marketplace named like one of its plugins collides on install. */
  name: string
  /** The manifest's author; the plugin's title when it names none (`owner.name` is required). */
  owner: { name: string; email?: string; url?: string }
  description: string
  plugins: [MarketplacePluginEntry]
}

/**
 * Builds the marketplace for one origin and the bytes of `/plugin.zip`. Claude Code installs the
 * entry only from an `https:` origin that is not loopback; on any other origin the document
 * still answers, with the same shape.
 *
 * @example
 * import { buildMarketplace } from './build-marketplace.js'
 * buildMarketplace(model, 'https://notes.example.com', zip).plugins[0].source.url
 * // 'https://notes.example.com/plugin.zip'
 */
export function buildMarketplace(
  model: PluginModel,
  origin: string,
  pluginZip: Uint8Array,
): Marketplace {
  const identity = buildManifestIdentity(model.identity)
  return {
    name: `${identity.name}-marketplace`,
    owner: identity.author ?? { name: model.identity.title },
    description: identity.description,
    plugins: [
      {
        ...identity,
        source: {
          source: 'archive',
          url: buildDocumentUrl(origin, '/plugin.zip'),
          sha256: createHash('sha256').update(pluginZip).digest('hex'),
        },
      },
    ],
  }
}
