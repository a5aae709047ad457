import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { nestedNpmEnv } from '../support/nested-npm-env.js'

// Every published package says `"license": "MIT"`; MIT asks that its text ship with the code.

const exec = promisify(execFile)
const repoDir = resolve(import.meta.dirname, '../../../..')
const published = ['packages/portico', 'packages/create-portico', 'packages/hub']

async function mitText(dir: string): Promise<string> {
  return readFile(join(repoDir, dir, 'LICENSE'), 'utf8')
}

describe('LICENSE', () => {
  it('is the MIT licence of the Portico contributors at the root', async () => {
    const text = await mitText('.')
    expect(text.split('\n').slice(0, 3)).toEqual([
      'MIT License',
      '',
      'Copyright (c) 2026 Portico contributors',
    ])
    expect(text).toContain('Permission is hereby granted, free of charge, to any person obtaining')
    expect(text).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND')
  })

  it.each(published)('ships in the tarball of %s, named in its files', async (dir) => {
    const manifest = JSON.parse(await readFile(join(repoDir, dir, 'package.json'), 'utf8'))
    expect(manifest.license).toBe('MIT')
    expect(manifest.files).toContain('LICENSE')
    expect(await mitText(dir)).toBe(await mitText('.'))
    // Packed from a copy of the manifest and the licence: other suites rebuild the package's
    // folders meanwhile, and --ignore-scripts leaves out the build that prepack runs.
    const copy = await mkdtemp(join(tmpdir(), 'portico-license-'))
    try {
      for (const file of ['package.json', 'LICENSE']) {
        await cp(join(repoDir, dir, file), join(copy, file))
      }
      const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: copy,
        env: nestedNpmEnv(),
      })
      const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[]
      expect(pack?.files.map((file) => file.path)).toContain('LICENSE')
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})
