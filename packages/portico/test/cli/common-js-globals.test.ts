import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../support/cli-process.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const temp = useTempPlugins('cjs-globals')

/** With Node's types in reach, `__dirname` and `require` pass the type-check, as in a CommonJS project. */
const nodeTypes = resolve(import.meta.dirname, '../../../../node_modules/@types/node')

/** A CommonJS-minded plugin: `__dirname` in a tool file, `require` in a module one imports. */
function commonJsPlugin(): Promise<string> {
  return temp.plugin(
    {
      'package.json': '{ "name": "cjs", "type": "commonjs" }\n',
      'tools/files.ts': [
        "import { readFileSync } from 'node:fs'",
        "import { join } from 'node:path'",
        '',
        'export class Files {',
        '  /** Reads the notes file. */',
        '  async read(): Promise<string> {',
        "    return readFileSync(join(__dirname, 'notes.txt'), 'utf8')",
        '  }',
        '}',
        '',
      ].join('\n'),
      'tools/system.ts': [
        "import { platformName } from '../lib/platform-name.js'",
        '',
        'export class System {',
        '  /** The platform. */',
        '  async platform(): Promise<string> {',
        '    return platformName()',
        '  }',
        '}',
        '',
      ].join('\n'),
      'lib/platform-name.ts': [
        "export const hasRequire = typeof require === 'function'",
        "export const platformName = (): string => require('node:os').platform()",
        '',
      ].join('\n'),
    },
    { 'node_modules/@types/node': nodeTypes },
  )
}

// Tools run as ES modules: these fail only when called, so they are refused when the plugin
// loads, each with its file and line.
describe('CommonJS globals in tool sources', () => {
  it('fail portico build, naming every use with its file and line and what to use', async () => {
    const cli = runCli(['build', await commonJsPlugin()])
    expect(await cli.exited()).toBe(1)
    const output = cli.output()
    expect(output).toMatch(
      /tools\/files\.ts:7:30: __dirname is CommonJS; tools run as ES modules, where it is not defined: use import\.meta\.dirname/,
    )
    expect(output).toMatch(
      /lib\/platform-name\.ts:2:43: require is CommonJS; tools run as ES modules, where it is not defined: use import/,
    )
    // `typeof require` is a test, not a use.
    expect(output).not.toMatch(/platform-name\.ts:1:/)
  })

  it('are printed by portico dev when it loads the plugin', async () => {
    const cli = runCli(['dev', await commonJsPlugin(), '--port', '0'])
    try {
      await cli.waitForOutput(/tools\/files\.ts:7:30: __dirname is CommonJS/)
      await cli.waitForOutput(/lib\/platform-name\.ts:2:43: require is CommonJS/)
    } finally {
      await cli.stop()
    }
  })
})
