import { templateNames } from './templates.js'

/** The `--help` text, also printed when the folder is missing. */
export function usage(): string {
  return `Usage: create-portico <dir> [--template ${templateNames.join('|')}]

Creates a Portico plugin in <dir>, which must be new or empty; its name becomes the
package name, so it must be a valid npm name (lower case, no spaces).

Options:
  -t, --template <name>  minimal (default): one tool class, one prompt
                         notes: the full example plugin (tools, prompts, skills, agents)
  -h, --help             print this help
  -v, --version          print the version

Example:
  npm create portico@latest my-plugin -- --template notes
`
}
