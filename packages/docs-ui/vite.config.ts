import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/**
 * The docs site, built once into the portico package (`packages/portico/site/`), which serves
 * it at `/` with its hashed files under `/assets/`. No file is fetched from anywhere else.
 */
/** Paths a running Portico answers: proxied by `vite` in development (`PORTICO_URL`). */
const SERVER_PATHS = [
  '/api',
  '/mcp',
  '/open-api.json',
  '/com.portico.plugin',
  '/skills',
  '/agents',
  '/plugin.json',
  '/plugin.zip',
  '/mcp-server.json',
  '/icons',
  '/favicon.ico',
  '/.well-known',
  '/oauth',
  '/widgets',
  '/widget-assets',
  '/types',
]

export default defineConfig({
  root: import.meta.dirname,
  server: {
    proxy: Object.fromEntries(
      SERVER_PATHS.map((path) => [
        path,
        { target: process.env.PORTICO_URL ?? 'http://127.0.0.1:4321', changeOrigin: false },
      ]),
    ),
  },
  base: '/',
  // Every script and preload of the page carries this placeholder as its nonce; the server
  // puts a fresh one in its place per answer and names only it in `script-src`, so no other
  // file of the origin (a plugin's public/*.js) can run as the site's script.
  html: { cspNonce: 'PORTICO_CSP_NONCE' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: resolve(import.meta.dirname, '../portico/site'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // Swagger UI is one large chunk by nature, loaded only when its view opens.
    chunkSizeWarningLimit: 1600,
  },
})
