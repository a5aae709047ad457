import { readdir, readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { SITE_DIR } from '../../src/surfaces/docs/site-files.js'

/** The docs site's first page loads at most 120 KB of gzipped JavaScript; the rest on demand. */

const BUDGET_BYTES = 120 * 1024

async function firstPageScripts(): Promise<string[]> {
  const index = await readFile(`${SITE_DIR}index.html`, 'utf8')
  return [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] ?? '')
}

describe('the docs site bundle', () => {
  it('keeps the first page within 120 KB of gzipped JavaScript', async () => {
    const scripts = await firstPageScripts()
    expect(scripts.length).toBeGreaterThan(0)
    let total = 0
    for (const name of scripts)
      total += gzipSync(await readFile(`${SITE_DIR}assets/${name}`)).byteLength
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  it('loads the MCP client and Swagger UI only on demand', async () => {
    const first = new Set(await firstPageScripts())
    const all = (await readdir(`${SITE_DIR}assets`)).filter((name) => name.endsWith('.js'))
    const firstText = (
      await Promise.all([...first].map((name) => readFile(`${SITE_DIR}assets/${name}`, 'utf8')))
    ).join('\n')
    expect(firstText).not.toContain('swagger-ui')
    expect(firstText).not.toContain('StreamableHTTPClientTransport')
    const lazy = all.filter((name) => !first.has(name))
    const lazyText = (
      await Promise.all(lazy.map((name) => readFile(`${SITE_DIR}assets/${name}`, 'utf8')))
    ).join('\n')
    expect(lazyText).toContain('swagger')
  })
})
