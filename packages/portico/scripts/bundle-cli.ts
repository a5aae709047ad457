/**
 * Bundles the CLI's own modules into a few files, `dist/bundle/`, after `tsc` wrote `dist/`:
 * `bin/portico.js` loads `dist/bundle/main.js`. Node's ESM loader resolves, reads and links each
 * module on its own (about 0.3 ms a module on Node 20), and `portico start` loaded about 280 of
 * them before its first answer; a few files cut the cold start (see docs/decisions.md, "Bundled
 * CLI").
 *
 * What stays as `tsc` wrote it, and why:
 * - The packages (`node_modules`): imported by name from the bundle, found as before.
 * - The graph of the `portico` entry (`dist/index.js`): tools and configs import it, and the CLI
 *   checks what they throw and return with `instanceof` (`PorticoError`, `content`). The bundle
 *   imports those modules from `dist/` rather than holding a second copy of their classes.
 * - `dist/` itself: the `portico/server` and `portico/testing` entries, the worker of
 *   `server.isolateTools` and the Workers bundle are built from it.
 *
 * Lazy imports stay lazy: what a later path needs is a chunk of its own, loaded when that path
 * runs, so a REST-only server never loads the MCP SDK. Rolldown, unlike esbuild, leaves in
 * `main.js` what `main.js` already loaded for every lazy chunk, and the modules `portico start`
 * imports are one chunk (`serve`): three files of the bundle before the first answer, where
 * esbuild's splitting made 31. A module that finds a file beside itself (`import.meta.url`) is
 * given the URL of its `tsc` output, where those relative paths (`../../../site/`) hold.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { build, type ModuleInfo, type Plugin } from 'rolldown'

const packageDir = resolve(import.meta.dirname, '..')
const distDir = join(packageDir, 'dist')
/** Every file of the bundle sits in this one folder: relative paths from it hold for all. */
const bundleDir = join(distDir, 'bundle')
const cliEntry = join(distDir, 'cli/main.js')
const publicEntry = join(distDir, 'index.js')
/** The module `portico start` loads lazily from `main.js`: its static graph is the `serve` chunk. */
const startEntry = join(distDir, 'cli/start-command.js')

/** What a bundled module's `import.meta.url` becomes: its own URL in `dist/`. */
const OWN_URL = '__porticoModuleUrl'

/** A package or a built-in (`hono`, `node:fs`): imported by name at run time, never bundled. */
function isPackage(id: string): boolean {
  return !id.startsWith('.') && !isAbsolute(id)
}

/** A path from the bundle's folder to `file`, as an import specifier. */
function fromBundle(file: string): string {
  const path = relative(bundleDir, file).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** Every module the entries reach, statically or lazily, with what each imports. */
async function readModuleGraph(entries: string[]): Promise<Map<string, ModuleInfo>> {
  const graph = new Map<string, ModuleInfo>()
  await build({
    input: entries,
    platform: 'node',
    external: isPackage,
    logLevel: 'warn',
    plugins: [{ name: 'read-graph', moduleParsed: (info) => void graph.set(info.id, info) }],
    write: false,
  })
  return graph
}

/**
 * `entry` and what it imports, transitively: statically only (what loading it evaluates), or
 * lazily too (all it may ever load).
 */
function modulesReached(
  graph: Map<string, ModuleInfo>,
  entry: string,
  imports: 'static' | 'all',
): Set<string> {
  const reached = new Set<string>()
  const visit = (id: string): void => {
    const info = graph.get(id)
    if (!info || reached.has(id)) return
    reached.add(id)
    for (const next of info.importedIds) visit(next)
    if (imports === 'all') for (const next of info.dynamicallyImportedIds) visit(next)
  }
  visit(entry)
  return reached
}

/**
 * Imports `shared` modules from `dist/`, and gives each bundled module its own `import.meta.url`
 * (the build's `define` reads it as `OWN_URL`, declared on a line put first). `tsc`'s source map
 * comes along, so a frame of the bundle leads back to its `.ts` line.
 */
function keepInDist(shared: Set<string>): Plugin {
  return {
    name: 'keep-in-dist',
    resolveId(source, importer) {
      if (!importer || !/^\.\.?\//.test(source)) return null
      const file = resolve(dirname(importer), source)
      return shared.has(file) ? { id: fromBundle(file), external: true } : null
    },
    async load(id) {
      if (!id.endsWith('.js')) return null
      const code = await readFile(id, 'utf8')
      const mapFile = `${id}.map`
      const map = existsSync(mapFile) ? JSON.parse(await readFile(mapFile, 'utf8')) : undefined
      if (!code.includes('import.meta.url')) return { code, map }
      // `import.meta.filename` is the chunk's own file, in the bundle's folder like every chunk.
      const own = `const ${OWN_URL} = new URL(${JSON.stringify(fromBundle(id))}, __porticoFileUrl(import.meta.filename)).href;\n`
      return {
        code: `import { pathToFileURL as __porticoFileUrl } from 'node:url';${own}${code}`,
        // The line put first maps to nothing.
        map: map && { ...map, mappings: `;${map.mappings}` },
      }
    },
  }
}

const graph = await readModuleGraph([cliEntry, publicEntry])
const shared = modulesReached(graph, publicEntry, 'all')
const main = modulesReached(graph, cliEntry, 'static')
const serve = new Set(
  [...modulesReached(graph, startEntry, 'static')].filter((id) => !main.has(id) && !shared.has(id)),
)

await build({
  input: { main: cliEntry },
  platform: 'node',
  external: isPackage,
  logLevel: 'warn',
  transform: { define: { 'import.meta.url': OWN_URL } },
  // `main.js` may export what the `serve` chunk takes from it: only the bundle's own chunks
  // import the CLI's entry, never a user.
  preserveEntrySignatures: 'allow-extension',
  plugins: [keepInDist(shared)],
  output: {
    dir: bundleDir,
    format: 'esm',
    chunkFileNames: 'chunk-[name]-[hash].js',
    // Error names and logs read `constructor.name`: the bundle's renamings must not show.
    keepNames: true,
    // A quarter fewer bytes to read and parse at start; names stay, and the linked maps lead a
    // frame back to its source (`node --enable-source-maps`).
    minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } },
    sourcemap: true,
    // `serve` holds only what `main.js` does not: a dependency of both stays in `main.js`.
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [{ name: 'serve', test: (id) => serve.has(id) }],
    },
  },
})
