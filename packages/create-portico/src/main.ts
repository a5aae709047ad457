import { runCli } from './run-cli.js'

process.exitCode = await runCli(
  process.argv.slice(2),
  process.cwd(),
  {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
  process.env,
)
