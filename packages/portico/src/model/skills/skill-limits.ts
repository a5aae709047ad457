import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { SkillFileEntry } from './list-skill-files.js'

/** How much one skill folder may hold. */
export interface SkillLimits {
  maxFiles: number
  /** Total size of the files, in bytes. */
  maxBytes: number
}

/** The MCP skills extension's limits: 512 files and 16 MiB per skill. */
export const defaultSkillLimits: SkillLimits = { maxFiles: 512, maxBytes: 16 * 1024 * 1024 }

/**
 * Throws {@link PluginDefinitionError} naming the skill folder (`skills/x`) when its files are
 * more, or larger in total, than `limits` allow.
 */
export function checkSkillLimits(
  files: readonly SkillFileEntry[],
  skillFile: string,
  limits: SkillLimits,
): void {
  if (files.length > limits.maxFiles) {
    throw new PluginDefinitionError(
      { file: skillFile },
      `the skill has ${files.length} files; at most ${limits.maxFiles} are allowed per skill`,
    )
  }
  const bytes = files.reduce((sum, file) => sum + file.size, 0)
  if (bytes > limits.maxBytes) {
    throw new PluginDefinitionError(
      { file: skillFile },
      `the skill's files total ${bytes} bytes; at most ${limits.maxBytes} are allowed per skill`,
    )
  }
}
