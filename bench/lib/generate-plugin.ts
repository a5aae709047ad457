import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const TOOLS_PER_CLASS = 10

/** The types every generated tool shares, declared once as a real plugin would. */
const OP_TYPES = `/** What every operation takes. */
export interface OpInput {
  /** Which record. */
  id: string
  /**
   * How many.
   * @minimum 0
   * @maximum 1000
   */
  count?: number
  tags?: string[]
  mode: 'fast' | 'safe'
}

/** What every operation returns. */
export interface OpOutput {
  id: string
  total: number
  mode: 'fast' | 'safe'
}
`

/**
 * Writes a plugin with `toolCount` tools, ten per class, each with a small but real input type
 * (a required id, an optional bounded number, an array, a literal union) and an object output.
 */
export async function generatePlugin(dir: string, toolCount: number): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'tools'), { recursive: true })
  await mkdir(join(dir, 'lib'), { recursive: true })
  await writeFile(join(dir, 'lib', 'op-types.ts'), OP_TYPES)
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `growth-${toolCount}`,
      version: '1.0.0',
      private: true,
      type: 'module',
    }),
  )
  const classes = Math.ceil(toolCount / TOOLS_PER_CLASS)
  for (let k = 0; k < classes; k++) {
    const methods: string[] = []
    for (let j = 0; j < TOOLS_PER_CLASS && k * TOOLS_PER_CLASS + j < toolCount; j++) {
      methods.push(`  /**
   * Operation ${j} of group ${k}.
   * @readOnly
   */
  async op${j}(input: OpInput): Promise<OpOutput> {
    return { id: input.id, total: (input.count ?? 0) + ${j}, mode: input.mode }
  }`)
    }
    await writeFile(
      join(dir, 'tools', `group-${k}.ts`),
      `import type { OpInput, OpOutput } from '../lib/op-types.js'

/** Group ${k}. */
export class Group${k} {
${methods.join('\n\n')}
}
`,
    )
  }
}
