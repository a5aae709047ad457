import { CliError } from './cli-error.js'
import { isTemplateName } from './templates.js'

/** npm's environment variables that may hold a `--template` or `-t` it kept for itself. */
const npmTemplateSettings = ['npm_config_template', 'npm_config_t'] as const

/**
 * Puts back a `--template` that npm kept for itself. `npm create portico@latest my-plugin
 * --template notes` (no `--`) reaches us as `my-plugin notes` with `npm_config_template=true`;
 * `--template=notes` as `my-plugin` with `npm_config_template=notes`. Returns `argv` with
 * `--template <name>` appended when the name is certain, `argv` unchanged when npm kept nothing
 * or the option reached the command line after all. Throws {@link CliError} saying to write `--`
 * when the name cannot be told from the folder.
 *
 * @example
 * restoreNpmTemplate(['my-plugin', 'notes'], { npm_config_template: 'true' })
 * // ['my-plugin', '--template', 'notes']
 */
export function restoreNpmTemplate(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): readonly string[] {
  const setting = npmTemplateSettings.find((name) => env[name] !== undefined)
  if (setting === undefined || argv.some(isTemplateOption)) return argv
  const value = env[setting]
  // Only a valueless flag is `true`: the value was a separate word, which npm left in place.
  if (value !== 'true') return [...argv, '--template', value ?? '']

  const words = argv.filter((arg) => !arg.startsWith('-'))
  const templates = words.filter(isTemplateName)
  const template = templates[0]
  if (words.length === 2 && templates.length === 1 && template !== undefined) {
    return [...argv.filter((arg) => arg !== template), '--template', template]
  }
  const [dir = '<dir>', name = 'notes'] = words
  throw new CliError(
    'npm kept --template for itself (npm create passes options on only after --): ' +
      `write npm create portico@latest ${dir} -- --template ${name}`,
  )
}

function isTemplateOption(arg: string): boolean {
  return arg === '-t' || arg === '--template' || arg.startsWith('--template=')
}
