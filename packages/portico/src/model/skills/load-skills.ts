/**
 * Agent Skills bundled with the plugin: `skills/<name>/SKILL.md` and the other files of each
 * folder (references, templates, scripts). They are carried in the model, so serving them never
 * reads the disk.
 *
 * ```md
 * ---
 * name: note-taking
 * description: Writes short, findable notes. Use when the user asks to note something down.
 * ---
 * # Note taking
 * ...
 * ```
 *
 * The frontmatter follows the safe intersection of the Agent Skills validators: `name` (equal to
 * the folder, `^[a-z0-9]+(-[a-z0-9]+)*$`, at most 64 characters, without `anthropic` or
 * `claude`) and `description` (1–1024 characters, no `<` or `>`) are required; `license`,
 * `compatibility` (at most 500 characters), `metadata` (strings to strings) and `allowed-tools`
 * are optional, as are the keys Claude Code adds for plugin skills. Any other key is an error.
 */
import { existsSync } from 'node:fs'
import { readdir, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { resolveInsidePlugin } from '../assets/resolve-inside-plugin.js'
import type { SkillDefinition } from '../plugin-model.js'
import { readSkill } from './read-skill.js'
import { defaultSkillLimits, type SkillLimits } from './skill-limits.js'

/** The folder of skills inside a plugin. */
const skillsFolderName = 'skills'

/**
 * Reads every skill of the plugin, sorted by name; no `skills/` folder means no skills. Each
 * folder of `skills/` is a skill and needs a `SKILL.md`; loose files there are ignored, as are
 * dot-folders. Throws {@link PluginDefinitionError} at the first mistake, naming its file and line.
 *
 * @param limits - per skill; defaults to the MCP skills extension's 512 files and 16 MiB
 * @example
 * await loadSkills(rootDir) // [{ name: 'note-taking', files: [{ path: 'SKILL.md', … }], … }]
 */
export async function loadSkills(
  rootDir: string,
  limits: SkillLimits = defaultSkillLimits,
): Promise<SkillDefinition[]> {
  const folder = join(rootDir, skillsFolderName)
  if (!existsSync(folder)) return []
  const rootRealPath = await realpath(rootDir)
  const folderRealPath = await resolveInsidePlugin(rootRealPath, folder, { file: skillsFolderName })
  const entries = (await readdir(folderRealPath, { withFileTypes: true }))
    .filter((entry) => !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
  const skills: SkillDefinition[] = []
  for (const name of entries) {
    const skillFile = `${skillsFolderName}/${name}`
    const skillRealPath = await resolveInsidePlugin(rootRealPath, join(folderRealPath, name), {
      file: skillFile,
    })
    if (!(await stat(skillRealPath)).isDirectory()) continue
    skills.push(await readSkill(rootRealPath, skillRealPath, skillFile, limits))
  }
  return skills
}
