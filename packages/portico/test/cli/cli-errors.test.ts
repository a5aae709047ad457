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

describe('a widget that loads an asset from outside the plugin', () => {
  it.each([
    ['../secret.txt', 'is neither a data: URL nor a /widget-assets/ path'],
    ['/etc/passwd', 'is neither a data: URL nor a /widget-assets/ path'],
    ['https://cdn.example/x.js', 'loads from another server'],
    ['/widget-assets/missing.js', 'names public/missing.js, which is not a file of the plugin'],
  ])('stops build at the file and line of %s', async (url, reason) => {
    const dir = await temp.plugin({
      'package.json': '{ "name": "board", "type": "module" }\n',
      'tools/board.ts': 'export class Board {\n  async show() {\n    return { ok: true }\n  }\n}\n',
      'widgets/Board_show.html': `<!doctype html>\n<p>Board</p>\n<script src="${url}"></script>\n`,
      'public/app.js': 'run()\n',
    })
    const { code, output } = await run(['build', dir])
    expect(code).toBe(1)
    expect(output).toContain(
      `widgets/Board_show.html:3:14: widgets load their assets from /widget-assets/<path> (the plugin's public/ folder): <script src="${url}"> ${reason}`,
    )
  })
})
