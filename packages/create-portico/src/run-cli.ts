import { basename, resolve } from 'node:path'
import { checkTargetDir } from './check-target-dir.js'
import { CliError } from './cli-error.js'
import { nextSteps } from './next-steps.js'
import { ownVersion } from './own-version.js'
import { packageNameProblems, suggestPackageName, titleOf } from './package-name.js'
import { parseCliArgs } from './parse-cli-args.js'
import { restoreNpmTemplate } from './restore-npm-template.js'
import { scaffold } from './scaffold.js'
import { isTemplateName, templateDir, templateNames } from './templates.js'
import { usage } from './usage.js'

/** Where the command writes its text. */
export interface CliOutput {
  out(text: string): void
  err(text: string): void
}

/**
 * Runs `create-portico` with `argv` from `cwd` and returns its exit code. `env` is read only
 * for a `--template` that npm kept for itself (see {@link restoreNpmTemplate}).
 */
export async function runCli(
  argv: readonly string[],
  cwd: string,
  output: CliOutput,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  try {
    const args = parseCliArgs(restoreNpmTemplate(argv, env))
    if (args.help) {
      output.out(usage())
      return 0
    }
    if (args.version) {
      output.out(`${ownVersion()}\n`)
      return 0
    }
    if (args.dir === undefined) {
      output.err(`create-portico: missing the folder to create\n\n${usage()}`)
      return 1
    }
    const template = args.template
    if (!isTemplateName(template)) {
      throw new CliError(
        `unknown template "${template}": choose one of ${templateNames.join(', ')}`,
      )
    }
    const targetDir = resolve(cwd, args.dir)
    const name = basename(targetDir)
    checkPackageName(name)
    await checkTargetDir(targetDir, args.dir)
    await scaffold({
      templateDir: templateDir(template),
      targetDir,
      name,
      title: titleOf(name),
      porticoVersion: ownVersion(),
    })
    output.out(nextSteps({ targetDir, cwd, template, name }))
    return 0
  } catch (error) {
    // Mistakes and system errors (no permission, disk full) are one line; anything else is a bug
    // and keeps its stack.
    if (!(error instanceof CliError) && !isSystemError(error)) throw error
    output.err(`create-portico: ${error.message}\n`)
    return 1
  }
}

function checkPackageName(name: string): void {
  const problems = packageNameProblems(name)
  if (problems.length === 0) return
  const suggestion = suggestPackageName(name)
  throw new CliError(
    `invalid package name ${JSON.stringify(name)} (it is the folder's name): it ${joinProblems(problems)}` +
      (suggestion === undefined ? '' : `; try ${JSON.stringify(suggestion)}`),
  )
}

function joinProblems(problems: string[]): string {
  if (problems.length < 2) return problems.join('')
  return `${problems.slice(0, -1).join(', ')} and ${problems.at(-1)}`
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string'
}
