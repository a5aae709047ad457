import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleWidgetRuntime } from '../../src/surfaces/widgets/widget-runtime.js'

// Every widget page loads the runtime, so its size is a budget. Measured 2026-11-27 (ext-apps
// 2.0.4, MCP SDK client 2.4.0, Zod 4): 404,055 bytes, 108,595 gzipped (level 9). Most of it is
// what ext-apps' `App` brings and esbuild cannot shake: it extends the client package's
// `Protocol`, which shares one module with the whole client (transports, OAuth, validators),
// and Zod schemas built at the top level of modules. The budget leaves ~1% for patch releases.
const BUDGET_BYTES = 408_000
const BUDGET_GZIP_BYTES = 110_000

let bundle: string
let bytes: Uint8Array

beforeAll(async () => {
  bytes = await bundleWidgetRuntime()
  bundle = new TextDecoder().decode(bytes)
}, 60_000)

describe('the widget runtime bundle', () => {
  it(`stays within ${BUDGET_BYTES} bytes, ${BUDGET_GZIP_BYTES} gzipped`, () => {
    const gzipped = gzipSync(bytes, { level: 9 }).byteLength
    console.log(`widget runtime: ${bytes.byteLength} bytes, ${gzipped} gzipped`)
    expect(bytes.byteLength).toBeLessThanOrEqual(BUDGET_BYTES)
    expect(gzipped).toBeLessThanOrEqual(BUDGET_GZIP_BYTES)
  })

  it("logs nothing of its own on the host page's console but warnings and errors", () => {
    // ext-apps logs each message sent and parsed with console.debug, and each ping with
    // console.log: noise in every host's console.
    expect(bundle.match(/console\.(?:debug|log|info|trace)\b/g) ?? []).toEqual([])
    expect(bundle).toContain('console.error(')
  })
})
