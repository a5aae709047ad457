import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadReadme } from './load-readme.js'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portico-readme-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('loadReadme', () => {
  it('returns README.md as written', async () => {
    await writeFile(join(dir, 'README.md'), '# Notes\r\n\r\nKeeps notes.\n')
    expect(await loadReadme(dir)).toBe('# Notes\r\n\r\nKeeps notes.\n')
  })

  it('returns an empty string without a README.md', async () => {
    expect(await loadReadme(dir)).toBe('')
  })
})
