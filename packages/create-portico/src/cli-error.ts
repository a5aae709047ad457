/** A problem the user can fix: printed as one line after `create-portico:`, with exit code 1. */
export class CliError extends Error {
  override name = 'CliError'
}
