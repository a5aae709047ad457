import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type CliProcess, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const temp = useTempPlugins('errors-at-once')

/** Three tool files, each with its own mistake. */
const broken = {
  'package.json': '{ "name": "broken", "type": "module" }\n',
  'tools/alpha.ts': [
    'export class Alpha {',
    '  /** Takes a callback. */',
    '  async take(input: { onDone: (code: number) => void }): Promise<string> {',
    '    return typeof input.onDone',
    '  }',
    '}',
    '',
  ].join('\n'),
  'tools/beta.ts': [
    'export class Beta {',
    '  constructor(private readonly rate: number) {}',
    '  /** The rate. */',
    '  async current(): Promise<number> {',
    '    return this.rate',
    '  }',
    '}',
    '',
  ].join('\n'),
  'tools/gamma.ts': [
    'export class Gamma {',
    '  /** Counts. */',
    '  async count(input: { n: bigint }): Promise<string> {',
    '    return String(input.n)',
    '  }',
    '}',
    '',
  ].join('\n'),
}

/** Where each mistake is reported. */
const mistakes = [/tools\/alpha\.ts:3:\d+: /, /tools\/beta\.ts:2:\d+: /, /tools\/gamma\.ts:3:\d+: /]

let cli: CliProcess | undefined
afterEach(async () => {
  await cli?.stop()
  cli = undefined
})

describe('a plugin with mistakes in several tool files', () => {
  it('portico build reports all of them at once', async () => {
    cli = runCli(['build', await temp.plugin(broken)])
    expect(await cli.exited()).toBe(1)
    for (const mistake of mistakes) expect(cli.output()).toMatch(mistake)
  })

  it('portico dev answers 503 with all of them until a saved fix loads, then serves', async () => {
    const dir = await temp.plugin(broken)
    const port = await freePort()
    cli = runCli(['dev', dir, '--port', String(port)])
    const base = `http://127.0.0.1:${port}`
    const call = () =>
      fetch(`${base}/api/Gamma/count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"n":1}',
      })

    // Listening from the start: a request during the first load waits for it, then gets 503.
    const unavailable = await pollUntil(async () => {
      const response = await call()
      return response.status === 503 ? response : undefined
    })
    expect(unavailable.headers.get('retry-after')).toBe('1')
    expect(unavailable.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    const problem = (await unavailable.json()) as {
      type: string
      title: string
      status: number
      detail: string
      errors: { path: string; message: string }[]
    }
    expect(problem).toMatchObject({
      type: 'urn:portico:problem:unavailable',
      title: 'Service unavailable',
      status: 503,
      detail:
        'The plugin does not load: portico dev serves it once a saved change fixes these errors',
    })
    const listed = problem.errors.map((error) => `${error.path}: ${error.message}`).join('\n')
    for (const mistake of mistakes) expect(listed).toMatch(mistake)

    // The docs site's address says so too, as a page.
    const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).toContain('The plugin does not load')
    expect(html).toMatch(/tools\/beta\.ts:2:\d+: class Beta: a tool class is created once/)

    await writeFile(
      join(dir, 'tools/alpha.ts'),
      'export class Alpha {\n  /** Pings. */\n  async ping(): Promise<string> {\n    return "pong"\n  }\n}\n',
    )
    await writeFile(
      join(dir, 'tools/beta.ts'),
      'export class Beta {\n  /** The rate. */\n  async rate(): Promise<number> {\n    return 2\n  }\n}\n',
    )
    await writeFile(
      join(dir, 'tools/gamma.ts'),
      broken['tools/gamma.ts'].replace('bigint', 'number'),
    )
    const served = await pollUntil(async () => {
      const response = await call()
      return response.status === 200 ? response : undefined
    })
    expect(await served.json()).toBe('1')
  })
})
