import { describe, expect, it } from 'vitest'
import { runCli } from '../support/cli-process.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const temp = useTempPlugins('cli-errors')

/** Runs the CLI to its end; returns its exit code and what it printed. */
async function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const cli = runCli(args)
  const code = await cli.exited()
  return { code, output: cli.output() }
}

describe('the CLI on a folder it cannot serve', () => {
  it.each(['dev', 'build', 'start'])(
    '%s on a missing folder says so in one line and exits 1',
    async (command) => {
      const { code, output } = await run([command, '/nonexistent-portico-plugin'])
      expect(code).toBe(1)
      expect(output.trim()).toMatch(/^\S*\s*\/nonexistent-portico-plugin: no such folder$/)
    },
  )

  it.each(['dev', 'build'])(
    '%s on a folder without tools says so in one line and exits 1',
    async (command) => {
      const dir = await temp.plugin({ 'package.json': '{ "name": "empty", "type": "module" }\n' })
      const { code, output } = await run([command, dir])
      expect(code).toBe(1)
      expect(output.trim().split('\n')).toHaveLength(1)
      expect(output).toMatch(/: no tools; a plugin exports its tool classes from tools\/<name>\.ts/)
    },
  )

  it('build refuses tool files that declare no tool', async () => {
    const dir = await temp.plugin({ 'tools/helpers.ts': 'export const two = 2\n' })
    const { code, output } = await run(['build', dir])
    expect(code).toBe(1)
    expect(output).toMatch(/tools\/: no tools; export a class/)
  })
})

describe('errors of a tool file', () => {
  it('are all printed once, up to 20, then counted', async () => {
    const broken = Array.from({ length: 30 }, (_, index) => `const v${index} = ;`).join('\n')
    const dir = await temp.plugin({ 'tools/bad.ts': `${broken}\nexport class Bad {}\n` })
    const { code, output } = await run(['build', dir])
    expect(code).toBe(1)
    expect(output.match(/ERROR|\[error\]/g)).toHaveLength(1)
    for (const line of [1, 2, 20]) {
      expect(output.match(new RegExp(`tools/bad\\.ts:${line}:\\d+: `, 'g'))).toHaveLength(1)
    }
    expect(output).not.toMatch(/tools\/bad\.ts:21:/)
    expect(output).toMatch(/… and 10 more/)
  })
})
