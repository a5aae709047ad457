import { readFile } from 'node:fs/promises'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { SkillDefinition } from '../plugin-model.js'
import { listSkillFiles } from './list-skill-files.js'
import { readSkillFrontmatter } from './read-skill-frontmatter.js'
import { checkSkillLimits, type SkillLimits } from './skill-limits.js'

/** The file every skill folder needs, spelled exactly so. */
const skillFileName = 'SKILL.md'

/**
 * Reads one skill folder: its files (see {@link listSkillFiles}), within `limits`, and the checked
 * frontmatter of its `SKILL.md`. Throws {@link PluginDefinitionError} naming the file and line.
 *
 * @param skillFile - the folder relative to the plugin, `skills/<folder>`
 */
export async function readSkill(
  rootRealPath: string,
  skillRealPath: string,
  skillFile: string,
  limits: SkillLimits,
): Promise<SkillDefinition> {
  const entries = await listSkillFiles(rootRealPath, skillRealPath, skillFile)
  const skillMd = entries.find((entry) => entry.path === skillFileName)
  if (!skillMd) {
    const lowerCase = entries.find(
      (entry) => entry.path.toLowerCase() === skillFileName.toLowerCase(),
    )
    const hint = lowerCase ? `; rename ${lowerCase.path} to ${skillFileName}` : ''
    throw new PluginDefinitionError(
      { file: skillFile },
      `the skill folder has no ${skillFileName}; each folder of skills/ needs one${hint}`,
    )
  }
  checkSkillLimits(entries, skillFile, limits)
  const contents = await Promise.all(entries.map((entry) => readFile(entry.realPath)))
  const file = `${skillFile}/${skillFileName}`
  const folder = skillFile.slice(skillFile.lastIndexOf('/') + 1)
  const text = contents[entries.indexOf(skillMd)]?.toString('utf8') ?? ''
  const { name, description, frontmatter } = readSkillFrontmatter(text, file, folder)
  return {
    name,
    description,
    frontmatter,
    files: entries.map((entry, index) => ({
      path: entry.path,
      base64: contents[index]?.toString('base64') ?? '',
      ...(entry.executable ? { executable: true as const } : {}),
    })),
    source: { file, line: 1 },
  }
}
