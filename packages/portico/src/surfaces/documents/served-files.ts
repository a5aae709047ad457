import { authorFileHeaders } from '../../http/author-file-headers.js'
import { createContentEtag } from '../../http/conditional-request.js'
import { contentTypeFor } from '../../http/content-types.js'
import { servedIcons } from '../../model/assets/list-icons.js'
import type {
  AgentDefinition,
  IconDefinition,
  PluginModel,
  SkillDefinition,
} from '../../model/plugin-model.js'
import { AGENT_SKILLS_PREFIX } from './build-agent-skills-index.js'
import { API_CATALOG_TYPE } from './build-api-catalog.js'
import { buildZip, type ZipEntry } from './build-zip.js'
import { buildClaudePluginManifest } from './claude-plugin-manifest.js'

/** One file served at a fixed URL path, prepared once: its bytes, type and validator. */
export interface ServedFile {
  contentType: string
  bytes: Uint8Array
  /** A strong ETag from the bytes' SHA-256: byte-equal answers have equal tags. */
  etag: string
  headers?: Record<string, string>
  /** A skill file with an execute bit: `/plugin.zip` keeps it. */
  executable?: true
}

/** The documents that depend on the request origin (absolute links), rendered for one origin. */
export interface OriginDocuments {
  pluginManifest: unknown
  mcpConfig: unknown
  mcpServerInfo: unknown
  overview: unknown
  skillsCatalog: unknown
  agentsCatalog: unknown
  agentJson(agent: AgentDefinition): unknown
  /** `/.claude-plugin/marketplace.json`, which names the SHA-256 of `/plugin.zip`'s bytes. */
  marketplace(pluginZip: Uint8Array): unknown
  /** `/llms.txt` */
  llmsTxt: string
  /** `/.well-known/api-catalog` */
  apiCatalog: unknown
  /** `/.well-known/agent-skills/index.json`, which names the SHA-256 of each skill package. */
  agentSkillsIndex(packages: ReadonlyMap<string, Uint8Array>): unknown
}

/** The zips of each skill, by name: built once, whatever the origin. */
export interface SkillZips {
  /** `/skills/<name>.zip` and `.skill`: the skill folder inside. */
  folder: ReadonlyMap<string, Uint8Array>
  /** `/.well-known/agent-skills/<name>.zip`: the folder's files at the root, as that index asks. */
  root: ReadonlyMap<string, Uint8Array>
}

const JSON_TYPE = 'application/json; charset=utf-8'
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8'
const ZIP_TYPE = 'application/zip'
/**
 * Skill files and icons are the author's bytes on the token's origin: opened on their own, they
 * show as documents that run no script (an SVG or HTML skill file could otherwise read the docs
 * site's `sessionStorage`).
 */
const INERT = authorFileHeaders('inert')
/** Icons change with a release, not per request: a day, as the interface asks. */
const ICON_HEADERS = { 'cache-control': 'public, max-age=86400', ...INERT }

/**
 * Every file of the identity, skills and agents surfaces, by URL path, for one origin. The
 * routes serve from this table and `/plugin.zip` is packed from it, so the package holds exactly
 * what the URLs serve, byte for byte. The marketplace and the discovery documents come after the
 * zip: they describe it, or are for finding the plugin, and no format asks the package to hold them.
 */
export function buildServedFiles(
  model: PluginModel,
  documents: OriginDocuments,
  skillZips: SkillZips,
): Map<string, ServedFile> {
  const files = new Map<string, ServedFile>()
  const json = (path: string, value: unknown) =>
    files.set(path, served(JSON_TYPE, encode(`${JSON.stringify(value, null, 2)}\n`)))
  json('/plugin.json', documents.pluginManifest)
  json('/.claude-plugin/plugin.json', buildClaudePluginManifest(model))
  json('/mcp.json', documents.mcpConfig)
  json('/mcp-server.json', documents.mcpServerInfo)
  json('/com.portico.plugin/contents.json', documents.overview)
  files.set('/readme.md', served('text/plain; charset=utf-8', encode(model.readme)))
  json('/skills/catalog.json', documents.skillsCatalog)
  for (const skill of model.skills)
    addSkill(files, skill, skillZips.folder.get(skill.name) ?? buildSkillZip(skill))
  json('/agents/catalog.json', documents.agentsCatalog)
  for (const agent of model.agents) {
    files.set(`/agents/${agent.name}.md`, served(MARKDOWN_TYPE, encode(agent.markdown)))
    json(`/agents/${agent.name}.json`, documents.agentJson(agent))
  }
  for (const [index, icon] of servedIcons(model).entries()) addIcon(files, icon, index)
  const pluginZip = buildZip(pluginZipEntries(files))
  files.set('/plugin.zip', served(ZIP_TYPE, pluginZip, attachment('plugin.zip')))
  // After the zip, which it describes: the package holds no marketplace.
  json('/.claude-plugin/marketplace.json', documents.marketplace(pluginZip))
  // The discovery documents, which no format asks the package to hold.
  files.set('/llms.txt', served(MARKDOWN_TYPE, encode(documents.llmsTxt)))
  files.set(
    '/.well-known/api-catalog',
    served(API_CATALOG_TYPE, encode(`${JSON.stringify(documents.apiCatalog, null, 2)}\n`)),
  )
  json(`${AGENT_SKILLS_PREFIX}index.json`, documents.agentSkillsIndex(skillZips.root))
  for (const [name, zip] of skillZips.root)
    files.set(`${AGENT_SKILLS_PREFIX}${name}.zip`, served(ZIP_TYPE, zip, attachment(`${name}.zip`)))
  return files
}

/** A skill as its own zip: the skill folder at the top, as `.skill` consumers and uploads expect. */
export function buildSkillZip(skill: SkillDefinition): Uint8Array {
  return buildZip(
    skill.files.map((file) => ({
      path: `${skill.name}/${file.path}`,
      bytes: decode(file.base64),
      executable: file.executable === true,
    })),
  )
}

/** A skill as the Agent Skills discovery index packs it: the skill folder is the archive's root. */
export function buildSkillRootZip(skill: SkillDefinition): Uint8Array {
  return buildZip(
    skill.files.map((file) => ({
      path: file.path,
      bytes: decode(file.base64),
      executable: file.executable === true,
    })),
  )
}

/** Where each served file lies inside `/plugin.zip`; `mcp.json` goes in twice, as both formats read it. */
function pluginZipEntries(files: ReadonlyMap<string, ServedFile>): ZipEntry[] {
  const entries: ZipEntry[] = []
  const add = (zipPath: string, urlPath: string) => {
    const file = files.get(urlPath)
    if (file)
      entries.push({ path: zipPath, bytes: file.bytes, executable: file.executable === true })
  }
  add('plugin.json', '/plugin.json')
  add('.claude-plugin/plugin.json', '/.claude-plugin/plugin.json')
  add('mcp.json', '/mcp.json')
  add('.mcp.json', '/mcp.json')
  add('README.md', '/readme.md')
  add('com.portico.plugin/contents.json', '/com.portico.plugin/contents.json')
  for (const urlPath of files.keys()) {
    if (/^\/skills\/[^/]+\/./.test(urlPath) || /^\/agents\/[^/]+\.md$/.test(urlPath))
      add(urlPath.slice(1), urlPath)
  }
  return entries
}

function addSkill(files: Map<string, ServedFile>, skill: SkillDefinition, zip: Uint8Array): void {
  files.set(`/skills/${skill.name}.zip`, served(ZIP_TYPE, zip, attachment(`${skill.name}.zip`)))
  files.set(`/skills/${skill.name}.skill`, served(ZIP_TYPE, zip, attachment(`${skill.name}.skill`)))
  for (const file of skill.files) {
    const type = file.path === 'SKILL.md' ? MARKDOWN_TYPE : contentTypeFor(file.path)
    const bytes = decode(file.base64)
    files.set(`/skills/${skill.name}/${file.path}`, {
      ...served(type, bytes, INERT),
      ...(file.executable ? { executable: true as const } : {}),
    })
  }
}

function addIcon(files: Map<string, ServedFile>, icon: IconDefinition, index: number): void {
  if (icon.kind === 'file')
    files.set(`/icons/${index}`, served(icon.contentType, decode(icon.file.base64), ICON_HEADERS))
}

function attachment(filename: string): Record<string, string> {
  return { 'content-disposition': `attachment; filename="${filename}"` }
}

function served(
  contentType: string,
  bytes: Uint8Array,
  headers?: Readonly<Record<string, string>>,
): ServedFile {
  return { contentType, bytes, etag: createContentEtag(bytes), ...(headers ? { headers } : {}) }
}

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text)
}

function decode(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'))
}
