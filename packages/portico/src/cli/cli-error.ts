/** A mistake in how the CLI was run (a folder that is not a plugin): printed as its one line. */
export class CliError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CliError'
  }
}
