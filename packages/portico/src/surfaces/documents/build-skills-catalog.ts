import type { PluginModel } from '../../model/plugin-model.js'
import { buildSkillUrls } from './document-urls.js'

/** One skill in `/skills/catalog.json`. */
export interface SkillCatalogEntry {
  /** The skill's folder name. */
  name: string
  /** What the skill does and when to use it, from SKILL.md. */
  description: string
  /** `<origin>/skills/<name>.zip` */
  download: string
  /** `<origin>/skills/<name>.skill`: the same bytes under a `.skill` filename. */
  skill: string
  /** `<origin>/skills/<name>/SKILL.md` */
  browse: string
  /** Every file of the skill folder, relative to it, sorted; each is served under `/skills/<name>/`. */
  files: string[]
}

/** `/skills/catalog.json`: every skill of the plugin, sorted by name. */
export interface SkillsCatalog {
  skills: SkillCatalogEntry[]
}

/**
 * Builds `/skills/catalog.json`, with the same URLs as the overview.
 *
 * @example
 * import { buildSkillsCatalog } from './build-skills-catalog.js'
 * buildSkillsCatalog(model, 'https://notes.example.com').skills[0]?.download
 * // 'https://notes.example.com/skills/note-taking.zip'
 */
export function buildSkillsCatalog(model: PluginModel, origin: string): SkillsCatalog {
  return {
    skills: model.skills.map((skill) => {
      const { zip, skill: skillUrl, browse } = buildSkillUrls(origin, skill.name)
      return {
        name: skill.name,
        description: skill.description,
        download: zip,
        skill: skillUrl,
        browse,
        files: skill.files.map((file) => file.path),
      }
    }),
  }
}
