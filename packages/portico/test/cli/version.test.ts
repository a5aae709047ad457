import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { cliPath } from '../support/cli-process.js'

const exec = promisify(execFile)

describe('portico --version', () => {
  it("prints the package's version and nothing else", async () => {
    const manifest = JSON.parse(await readFile(join(cliPath, '../../package.json'), 'utf8'))
    for (const flag of ['--version', '-v']) {
      const { stdout } = await exec(process.execPath, [cliPath, flag])
      expect(stdout).toBe(`${manifest.version}\n`)
    }
  })
})
