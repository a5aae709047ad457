import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CliError } from './cli-error.js'

/** The templates this package ships, the default first. */
export const templateNames = ['minimal', 'notes'] as const

/** The name of one shipped template. */
export type TemplateName = (typeof templateNames)[number]

/** Whether `name` is a shipped template. */
export function isTemplateName(name: string): name is TemplateName {
  return (templateNames as readonly string[]).includes(name)
}

/** The folder of a template: `templates/<name>` next to `dist/` (or `src/` under the tests). */
export function templateDir(name: TemplateName): string {
  const dir = fileURLToPath(new URL(`../templates/${name}`, import.meta.url))
  // Only a checkout can lack one: templates/notes is copied from examples/notes by the build.
  if (!existsSync(dir)) {
    throw new CliError(`the ${name} template is missing (${dir}): run npm run build first`)
  }
  return dir
}
