import { createHash } from 'node:crypto'
import type { PluginModel } from '../../model/plugin-model.js'
import { buildDocumentUrl } from './document-urls.js'

/** Where the Agent Skills discovery documents live (cloudflare/agent-skills-discovery-rfc). */
export const AGENT_SKILLS_PREFIX = '/.well-known/agent-skills/'

/** One file of a skill in the index: its path in the skill folder and `sha256:<hex>` of its bytes. */
export interface AgentSkillFile {
  path: string
  digest: string
}

/** One skill of `/.well-known/agent-skills/index.json`. */
export interface AgentSkillEntry {
  name: string
  description: string
  /** The skill-level digest: SHA-256 of the sorted `<path>\0<hex>\n` lines of its files. */
  digest: string
  /** `SKILL.md` first, then the others sorted. */
  files: AgentSkillFile[]
  /** `<origin>/.well-known/agent-skills/<name>.zip`: the skill folder at the archive's root. */
  package: { url: string; digest: string }
}

/** The Agent Skills discovery index, version 0.2.0. */
export interface AgentSkillsIndex {
  version: '0.2.0'
  skills: AgentSkillEntry[]
}

/**
 * Builds `/.well-known/agent-skills/index.json` from the model and the bytes of each skill's
 * root-level zip (`/.well-known/agent-skills/<name>.zip`). Each file is served at
 * `/.well-known/agent-skills/<name>/<path>`, the same bytes as under `/skills/<name>/`.
 *
 * @example
 * import { buildAgentSkillsIndex } from './build-agent-skills-index.js'
 * buildAgentSkillsIndex(model, 'https://notes.example.com', zips).skills[0]?.files[0]?.path // 'SKILL.md'
 */
export function buildAgentSkillsIndex(
  model: PluginModel,
  origin: string,
  packages: ReadonlyMap<string, Uint8Array>,
): AgentSkillsIndex {
  return {
    version: '0.2.0',
    skills: model.skills.map((skill) => {
      const files = skill.files
        .map((file) => ({ path: file.path, hex: sha256Hex(Buffer.from(file.base64, 'base64')) }))
        .sort((a, b) => compareBytes(a.path, b.path))
      const manifest = files.map((file) => `${file.path}\0${file.hex}\n`).join('')
      const skillMd = files.filter((file) => file.path === 'SKILL.md')
      const others = files.filter((file) => file.path !== 'SKILL.md')
      return {
        name: skill.name,
        description: skill.description,
        digest: `sha256:${sha256Hex(Buffer.from(manifest, 'utf8'))}`,
        files: [...skillMd, ...others].map((file) => ({
          path: file.path,
          digest: `sha256:${file.hex}`,
        })),
        package: {
          url: buildDocumentUrl(
            origin,
            `${AGENT_SKILLS_PREFIX}${encodeURIComponent(skill.name)}.zip`,
          ),
          digest: `sha256:${sha256Hex(packages.get(skill.name) ?? new Uint8Array())}`,
        },
      }
    }),
  }
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Byte order of the UTF-8 paths, as the index's digest asks (ASCII paths sort as strings do). */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}
