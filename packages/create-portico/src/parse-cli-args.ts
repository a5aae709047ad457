import { parseArgs } from 'node:util'
import { CliError } from './cli-error.js'

/** The command line, parsed but not yet checked against the templates or the disk. */
export interface CliArgs {
  /** The folder to create, as typed; undefined when missing. */
  dir?: string
  template: string
  help: boolean
  version: boolean
}

/** Parses `argv` (without node and the script). Throws {@link CliError} on an unknown option. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    // parseArgs explains itself in several sentences; the first one names the problem.
    const message = error instanceof Error ? error.message : String(error)
    throw new CliError(`${firstSentence(message)} (see create-portico --help)`)
  }
  const { positionals, values } = parsed
  if (positionals.length > 1) {
    throw new CliError(`expected one folder, got ${positionals.length}: ${positionals.join(' ')}`)
  }
  const dir = positionals[0]
  return {
    ...(dir ? { dir } : {}),
    template: values.template,
    help: values.help,
    version: values.version,
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      template: { type: 'string', short: 't', default: 'minimal' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  })
}

function firstSentence(message: string): string {
  const end = message.indexOf('. ')
  const sentence = end === -1 ? message.replace(/\.$/, '') : message.slice(0, end)
  return sentence.charAt(0).toLowerCase() + sentence.slice(1)
}
