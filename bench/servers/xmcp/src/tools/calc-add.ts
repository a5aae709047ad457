// xmcp's file routing: the tool is this file's `schema`, `outputSchema`, `metadata` and default
// export.
import type { InferSchema, ToolMetadata } from 'xmcp'
import * as z from 'zod'

export const schema = { a: z.number(), b: z.number() }
export const outputSchema = { sum: z.number() }
export const metadata: ToolMetadata = { name: 'Calc_add', description: 'Add two numbers.' }

// biome-ignore lint/style/noDefaultExport: xmcp takes a tool's handler from the default export.
export default function add({ a, b }: InferSchema<typeof schema>) {
  const output = { sum: a + b }
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output }
}
