import { chmod } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// Skill files keep their executable bit in /plugin.zip and the skill zips: a script that runs
// from the folder runs once unzipped (`unzip` and Claude Code's installer apply Unix modes).

const { plugin } = useTempPlugins('zip-modes')
let server: ServedPlugin

beforeAll(async () => {
  const dir = await plugin({
    'package.json': '{ "name": "tidy", "version": "1.0.0" }',
    'tools/board.ts': 'export class Board {\n  /** Count. */\n  count(): number { return 1 }\n}\n',
    'skills/tidying/SKILL.md':
      '---\nname: tidying\ndescription: Tidies the board. Use when the user asks to tidy.\n---\n\n# Tidying\n',
    'skills/tidying/scripts/tidy.sh': '#!/bin/sh\necho tidy\n',
    'skills/tidying/references/guide.md': '# Guide\n',
  })
  await chmod(`${dir}/skills/tidying/scripts/tidy.sh`, 0o755)
  await chmod(`${dir}/skills/tidying/references/guide.md`, 0o600)
  server = await servePlugin(dir)
})
afterAll(() => server?.close())

interface ZipEntryMode {
  /** The host system of the entry (APPNOTE 4.4.2: 3 is Unix). */
  os: number
  /** The Unix mode in the high 16 bits of the external attributes. */
  mode: number
}

/** Each entry's host system and Unix mode, read from the zip's central directory. */
function zipEntryModes(zip: Buffer): Record<string, ZipEntryMode> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  const modes: Record<string, ZipEntryMode> = {}
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    modes[name] = { os: zip.readUInt8(offset + 5), mode: zip.readUInt32LE(offset + 38) >>> 16 }
    offset += 46 + nameLength + extraLength + commentLength
  }
  return modes
}

async function modesOf(path: string): Promise<Record<string, ZipEntryMode>> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  return zipEntryModes(Buffer.from(await response.arrayBuffer()))
}

describe('file modes in the zips', () => {
  it.each(['/skills/tidying.zip', '/skills/tidying.skill'])(
    '%s marks the executable script 755 and the other files 644',
    async (path) => {
      expect(await modesOf(path)).toEqual({
        'tidying/SKILL.md': { os: 3, mode: 0o100644 },
        'tidying/references/guide.md': { os: 3, mode: 0o100644 },
        'tidying/scripts/tidy.sh': { os: 3, mode: 0o100755 },
      })
    },
  )

  it('/plugin.zip marks the executable script 755 and every other entry 644', async () => {
    const modes = await modesOf('/plugin.zip')
    expect(modes['skills/tidying/scripts/tidy.sh']).toEqual({ os: 3, mode: 0o100755 })
    const others = Object.entries(modes).filter(([name]) => !name.endsWith('tidy.sh'))
    expect(others.length).toBeGreaterThan(5)
    for (const [name, mode] of others) expect(mode, name).toEqual({ os: 3, mode: 0o100644 })
  })
})
