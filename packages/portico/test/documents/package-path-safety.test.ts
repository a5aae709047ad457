import { readFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PluginDefinitionError } from '../../src/core/plugin-definition-error.js'
import { expectProblem } from '../support/expect-problem.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

let server: ServedPlugin
let secrets: string[]

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
  // Text that must never come back: files of the plugin outside what the routes serve.
  secrets = [
    (await readFile(join(notesExampleDir, 'package.json'), 'utf8')).slice(0, 40),
    (await readFile(join(notesExampleDir, 'portico.config.ts'), 'utf8')).slice(0, 40),
    (await readFile(join(notesExampleDir, 'tools/notes.ts'), 'utf8')).slice(0, 40),
  ]
})
afterAll(() => server.close())

/** Sends a path exactly as written (fetch would normalise `..` away). */
function rawGet(path: string): Promise<{ status: number; body: string; type: string }> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          type: String(res.headers['content-type'] ?? ''),
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

const prefixes = ['/skills/', '/skills/note-taking/', '/agents/', '/icons/']
const tricks = [
  '../package.json',
  '../../package.json',
  '%2e%2e/package.json',
  '%2E%2e%2fpackage.json',
  '..%2f..%2fportico.config.ts',
  '..%5c..%5cpackage.json',
  '..\\..\\package.json',
  '%252e%252e%252fpackage.json',
  '/etc/passwd',
  '%2fetc%2fpasswd',
  'C:%5cWindows%5cwin.ini',
  '.env',
  'note-taking/../../tools/notes.ts',
  `${'a'.repeat(4000)}.md`,
  '%00',
  '%E0%A4%A',
]

describe('the parameterised package routes', () => {
  it.each(prefixes.flatMap((prefix) => tricks.map((trick) => `${prefix}${trick}`)))(
    'refuses %s with 400 or 404 and never a file outside',
    async (path) => {
      const answer = await rawGet(path)
      expect([400, 404]).toContain(answer.status)
      for (const secret of secrets) expect(answer.body).not.toContain(secret)
      if (answer.type !== '') expect(answer.type).toMatch(/problem\+json|text\/plain/)
    },
  )

  it('answers 404 problem+json for names the plugin does not have', async () => {
    for (const path of [
      '/skills/nope.zip',
      '/skills/nope.skill',
      '/skills/nope/SKILL.md',
      '/skills/note-taking/nope.md',
      '/agents/nope.md',
      '/agents/nope.json',
      '/icons/99',
      '/icons/-1',
      '/icons/1e0',
    ]) {
      const response = await fetch(`${server.url}${path}`)
      await expectProblem(response, 'not_found')
      expect(response.headers.get('content-type'), path).toBe(
        'application/problem+json; charset=utf-8',
      )
    }
  })

  it('keeps serving after the hostile requests', async () => {
    expect((await fetch(`${server.url}/skills/note-taking/SKILL.md`)).status).toBe(200)
  })
})

describe('file names a zip cannot hold', () => {
  const temp = useTempPlugins('path-safety')
  const plugin = (files: Record<string, string>) =>
    temp.plugin({
      'package.json': '{ "name": "board", "type": "module" }\n',
      'tools/board.ts': 'export class Board {\n  async show() {\n    return { ok: true }\n  }\n}\n',
      'skills/pinning/SKILL.md':
        '---\nname: pinning\ndescription: Pins notes. Use when asked to pin.\n---\n# Pinning\n',
      ...files,
    })

  it.each([
    ['skills/pinning/a\\b.md', 'its name holds "\\", which a zip may not hold'],
    ['skills/pinning/c:d.md', 'its name holds ":", which Windows reads as a drive'],
    ['resources/a\\b.md', 'its name holds "\\", which a zip may not hold'],
    ['resources/c:d.md', 'its name holds ":", which Windows reads as a drive'],
  ])('stops the plugin from loading at %s, saying why', async (file, why) => {
    const dir = await plugin({ [file]: '# x\n' })
    const error = await servePlugin(dir).then(
      (served) => served.close().then(() => expect.unreachable('the plugin was served')),
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(PluginDefinitionError)
    const { message } = error as Error
    expect(message.startsWith(`${file}: ${why}`), message).toBe(true)
    expect(message.endsWith('; rename it'), message).toBe(true)
  })

  it('serves zips whose every path is relative, with "/" alone between folders', async () => {
    const dir = await plugin({ 'skills/pinning/refs/a b.md': '# a b\n' })
    const served = await servePlugin(dir)
    try {
      for (const path of ['/plugin.zip', '/skills/pinning.zip']) {
        const response = await fetch(`${served.url}${path}`)
        expect(response.status, path).toBe(200)
        const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())))
        expect(names, path).toContain(
          path === '/plugin.zip' ? 'skills/pinning/refs/a b.md' : 'pinning/refs/a b.md',
        )
        for (const name of names) expect(name, path).toMatch(/^[^/\\:]+(\/[^/\\:]+)*$/)
      }
    } finally {
      await served.close()
    }
  })
})
