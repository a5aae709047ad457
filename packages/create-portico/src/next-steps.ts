import { relative } from 'node:path'

/** The address `portico dev` serves on unless PORT says otherwise. */
const devUrl = 'http://localhost:4321'

/** What to print once the scaffold is written. */
export interface NextStepsInput {
  targetDir: string
  cwd: string
  template: string
  name: string
}

/** The success message: what was made, then the commands to run it. */
export function nextSteps({ targetDir, cwd, template, name }: NextStepsInput): string {
  const path = relative(cwd, targetDir)
  const steps = [...(path === '' ? [] : [`cd ${shellQuote(path)}`]), 'npm install', 'npm run dev']
  return [
    `Created ${name} from the ${template} template.`,
    '',
    'Next steps:',
    ...steps.map((step) => `  ${step}`),
    '',
    `Then open ${devUrl}`,
    '',
  ].join('\n')
}

// The folder's own name is checked, but the path leading to it may hold spaces or quotes.
function shellQuote(path: string): string {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`
}
