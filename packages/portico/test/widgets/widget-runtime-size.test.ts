import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleWidgetRuntime } from '../../src/surfaces/widgets/widget-runtime.js'

// Every widget page loads the runtime, so its size is a budget. Measured 2026-11-27 (ext-apps
// 2.0.4, MCP SDK client 2.4.0, Zod 4.6): 243,583 bytes, 64,564 gzipped (level 9), down from
// 404,055 / 108,595 by the two plugins of `bundleWidgetRuntime`: ext-apps' Zod import read as a
// namespace import (−87 KB: Zod's `z` object kept all of Zod) and the SDK client's modules marked
// free of side effects (−72 KB: `Client`, OAuth, the JSON Schema validator). What is left is what
// `App` needs and esbuild cannot shake: Zod's classic API (~106 KB; `z.object` alone bundles to
// ~85 KB), the client's `Protocol` with the wire schemas of both protocol revisions, built at
// module top level (~90 KB), ext-apps' `App` and its schemas (~28 KB), the SDK core's schemas
// (~16 KB). Over budget by ~90 KB or ~70 KB means one of the plugins no longer applies (a
// changed import in ext-apps, a new module layout in the SDK). The budget leaves ~1% for patches.
const BUDGET_BYTES = 246_000
const BUDGET_GZIP_BYTES = 65_500

let bundle: string
let bytes: Uint8Array

beforeAll(async () => {
  bytes = await bundleWidgetRuntime()
  bundle = new TextDecoder().decode(bytes)
})

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
