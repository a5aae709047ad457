// Prints the size of every file the docs site build wrote, raw and gzipped, and what the first
// page loads: the entry script and the scripts it imports statically (the `modulepreload`s).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const siteDir = fileURLToPath(new URL('../../portico/site/', import.meta.url))
const assetsDir = join(siteDir, 'assets')
const print = (line) => process.stdout.write(`${line}\n`)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const gzipped = (path) => gzipSync(readFileSync(path)).byteLength

const index = readFileSync(join(siteDir, 'index.html'), 'utf8')
const firstPage = [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
const rows = readdirSync(assetsDir)
  .sort()
  .map((name) => {
    const path = join(assetsDir, name)
    return { name, raw: readFileSync(path).byteLength, gzip: gzipped(path) }
  })
print('\nDocs site assets (raw, gzip):')
for (const row of rows) {
  const mark = firstPage.includes(row.name) ? '  first page' : ''
  print(`  ${row.name.padEnd(40)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}${mark}`)
}
const firstPageGzip = rows
  .filter((row) => firstPage.includes(row.name))
  .reduce((sum, row) => sum + row.gzip, 0)
print(`First page JavaScript: ${kb(firstPageGzip)} gzipped (budget 120 KB)\n`)
