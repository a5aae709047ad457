/**
 * Bundles the CLI's own modules into a few files, `dist/bundle/`, after `tsc` wrote `dist/`:
 * `bin/portico.js` loads `dist/bundle/main.js`. Node's ESM loader resolves, reads and links each
 * module on its own, and `portico start` loaded about 280 of them before its first answer; one
 * file and its lazy chunks cut the cold start (see docs/decisions.md, "The CLI runs bundled").
 *
 * What stays as `tsc` wrote it, and why:
 * - The packages (`node_modules`): imported by name from the bundle, found as before.
 * - The graph of the `portico` entry (`dist/index.js`): tools and configs import it, and the CLI
 *   checks what they throw and return with `instanceof` (`PorticoError`, `content`). The bundle
 *   imports those modules from `dist/` rather than holding a second copy of their classes.
 * - `dist/` itself: the `portico/server` and `portico/testing` entries, the worker of
 *   `server.isolateTools` and the Workers bundle are built from it.
 *
 * Lazy imports stay lazy (`splitting`): what a later path needs is a chunk of its own, loaded
 * when that path runs, so a REST-only server never loads the MCP SDK. A module that finds a file
 * beside itself (`import.meta.url`) is given the URL of its `tsc` output, where those relative
 * paths (`../../../site/`) hold.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { type BuildOptions, build, type Plugin, transform } from 'esbuild'

const packageDir = resolve(import.meta.dirname, '..')
const distDir = join(packageDir, 'dist')
/** Every file of the bundle sits in this one folder: relative paths from it hold for all. */
const bundleDir = join(distDir, 'bundle')

/** What a bundled module's `import.meta.url` becomes: its own URL in `dist/`. */
const OWN_URL = '__porticoModuleUrl'

/** A path from the bundle's folder to `file`, as an import specifier. */
function fromBundle(file: string): string {
  const path = relative(bundleDir, file).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** What both builds share: plain ESM for Node, every package imported at run time. */
const common: BuildOptions = {
  absWorkingDir: packageDir,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
}

/** The modules the `portico` entry loads: one copy of each, in `dist/`. */
async function publicEntryModules(): Promise<Set<string>> {
  const { metafile } = await build({
    ...common,
    entryPoints: [join(distDir, 'index.js')],
    write: false,
    metafile: true,
  })
  return new Set(Object.keys(metafile.inputs).map((path) => resolve(packageDir, path)))
}

/** Imports `shared` modules from `dist/`, and gives each bundled module its own `import.meta.url`. */
function keepInDist(shared: Set<string>): Plugin {
  return {
    name: 'keep-in-dist',
    setup(bundler) {
      bundler.onResolve({ filter: /^\.\.?\// }, (args) => {
        const file = resolve(args.resolveDir, args.path)
        return shared.has(file) ? { path: fromBundle(file), external: true } : undefined
      })
      bundler.onLoad({ filter: /\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8')
        if (!source.includes('import.meta.url')) return undefined
        // The expression only, as esbuild parses it: not the words in a string or a comment.
        const { code } = await transform(source, {
          define: { 'import.meta.url': OWN_URL },
          format: 'esm',
          loader: 'js',
        })
        const own = `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`
        return {
          contents: `const ${OWN_URL} = ${own};\n${code}`,
          loader: 'js',
          resolveDir: dirname(args.path),
        }
      })
    },
  }
}

await build({
  ...common,
  entryPoints: { main: join(distDir, 'cli/main.js') },
  outdir: bundleDir,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  // Error names and logs read `constructor.name`: the bundle's renamings must not show.
  keepNames: true,
  // A quarter fewer bytes to read and parse at start (731 -> 561 KB), about 4 ms of the cold
  // start; names stay, and the linked maps lead a frame back to its source
  // (`node --enable-source-maps`).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  plugins: [keepInDist(await publicEntryModules())],
})
