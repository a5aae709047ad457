import { type NpmPerson, parseNpmPerson } from '../../config/npm-person.js'
import type { PluginIdentity, PluginModel } from '../../model/plugin-model.js'
import { buildPluginLinks, type PluginLinks, toKebabName } from './document-urls.js'

/** The identity fields of both manifests, `/plugin.json` and `.claude-plugin/plugin.json`. */
export interface ManifestIdentity {
  /** The plugin name made kebab-case, as the agent-plugin format requires (`@acme/Notes` → `acme-notes`). */
  name: string
  /** The plugin's semver version. */
  version: string
  description: string
  /**
   * The author parsed from npm's `Name <email> (url)`, as the agent-plugin format wants it;
   * present when it has a name.
   */
  author?: NpmPerson & { name: string }
  /** Documentation URL; present when set. */
  homepage?: string
  /** SPDX licence id; present when set. */
  license?: string
  keywords: string[]
}

/**
 * `/plugin.json`: the plugin's manifest, shaped like the agent-plugin manifest (format 1.0) so
 * that the same file can sit at the root of `/plugin.zip`, plus Portico's own links.
 */
export interface PluginManifest extends ManifestIdentity {
  extensions: {
    /** Absolute links to the OpenAPI document, the overview and the package. */
    'com.portico.plugin': PluginLinks
  }
}

/**
 * Builds `/plugin.json`. Pure: the same model and origin give the same object.
 *
 * @example
 * import { buildPluginManifest } from './plugin-manifest.js'
 * const json = JSON.stringify(buildPluginManifest(model, 'https://notes.example.com'))
 */
export function buildPluginManifest(model: PluginModel, origin: string): PluginManifest {
  return {
    ...buildManifestIdentity(model.identity),
    extensions: { 'com.portico.plugin': buildPluginLinks(origin) },
  }
}

/** The identity fields of a manifest, in the format's order. */
export function buildManifestIdentity(identity: PluginIdentity): ManifestIdentity {
  return {
    name: toKebabName(identity.name),
    version: identity.version,
    description: identity.description,
    ...toAuthor(identity.author),
    ...(identity.homepage ? { homepage: identity.homepage } : {}),
    ...(identity.license ? { license: identity.license } : {}),
    keywords: identity.keywords,
  }
}

function toAuthor(author: string | undefined): Pick<ManifestIdentity, 'author'> {
  const person = author === undefined ? {} : parseNpmPerson(author)
  return person.name ? { author: { ...person, name: person.name } } : {}
}
