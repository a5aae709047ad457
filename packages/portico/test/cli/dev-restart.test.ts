import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { fixtureDir } from '../support/serve-plugin.js'

let plugin: Awaited<ReturnType<typeof copyPlugin>>
let dev: CliProcess
let base: string

const config = (title: string, extra = '') =>
  `import { defineConfig } from 'portico'\n\nexport default defineConfig({\n  title: '${title}',\n  limits: { toolTimeoutMs: 5_000 },${extra}\n})\n`
const skill = (description: string) =>
  `---\nname: demo\ndescription: ${description}\n---\n\n# Demo\n`

async function info(): Promise<{ title: string; version: string }> {
  const response = await fetch(`${base}/open-api.json`)
  return ((await response.json()) as { info: { title: string; version: string } }).info
}
const title = async () => (await info()).title
const version = async () => (await info()).version

/** Polls a served file until its body contains `text`. */
function served(path: string, text: string): Promise<true> {
  return pollUntil(async () => {
    const response = await fetch(`${base}${path}`)
    return (await response.text()).includes(text) || undefined
  })
}

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('probe-plugin'))
  await writeFile(join(plugin.dir, 'portico.config.ts'), config('Probe'))
  await writeFile(
    join(plugin.dir, 'tools/wait.ts'),
    `/** Slow on purpose. */\nexport class Wait {\n  /** Answers after a second. */\n  async second(): Promise<{ done: boolean }> {\n    await new Promise((resolve) => setTimeout(resolve, 1_000))\n    return { done: true }\n  }\n}\n`,
  )
  await writeFile(join(plugin.dir, 'README.md'), '# Probe\n\nFirst words.\n')
  await mkdir(join(plugin.dir, 'skills/demo'), { recursive: true })
  await writeFile(join(plugin.dir, 'skills/demo/SKILL.md'), skill('Shows the first text.'))
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  dev = runCli(['dev', plugin.dir, '--port', String(port)])
  await pollUntil(async () => ((await fetch(`${base}/open-api.json`)).ok ? true : undefined))
})
afterAll(async () => {
  await dev?.stop()
  await plugin.remove()
})

describe('portico dev watches every input of the model', () => {
  it('reloads on README.md, on any file of a skill and on agents', async () => {
    await writeFile(join(plugin.dir, 'README.md'), '# Probe\n\nSecond words.\n')
    await served('/readme.md', 'Second words.')
    await writeFile(join(plugin.dir, 'skills/demo/reference.txt'), 'a reference\n')
    await served('/skills/demo/reference.txt', 'a reference')
    await mkdir(join(plugin.dir, 'agents'), { recursive: true })
    await writeFile(
      join(plugin.dir, 'agents/helper.md'),
      '---\nname: helper\ndescription: Helps.\n---\n\nYou help.\n',
    )
    await served('/agents/helper.md', 'You help.')
  })

  it('shows a fixed SKILL.md as soon as it is saved', async () => {
    const file = join(plugin.dir, 'skills/demo/SKILL.md')
    await writeFile(file, '# no front matter\n')
    await dev.waitForOutput(/skills\/demo\/SKILL\.md[^\n]*: /)
    await writeFile(file, skill('Shows the fixed text.'))
    await served('/skills/demo/SKILL.md', 'Shows the fixed text.')
  })
})

/** Sends requests back to back until `done` holds; returns how many were sent and failed. */
async function requestsUntil(
  done: () => Promise<boolean>,
): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  for (;;) {
    sent += 1
    try {
      if (await done()) return { sent, failed }
    } catch {
      failed += 1
    }
    if (sent > 100_000) throw new Error('the server never showed the change')
  }
}

describe('portico dev on a config or package.json save', () => {
  it('serves a saved config in place, answering every request meanwhile', async () => {
    await writeFile(join(plugin.dir, 'portico.config.ts'), config('Probe Reloaded'))
    const { sent, failed } = await requestsUntil(async () => (await title()) === 'Probe Reloaded')
    console.log(`portico dev: ${sent} requests during a config reload, ${failed} failed`)
    expect(failed).toBe(0)
    await dev.waitForOutput(/portico\.config\.ts changed: reloaded/)
  })

  it('restarts on package.json, keeping the port, every request and the one under way', async () => {
    const slow = fetch(`${base}/api/Wait/second`, { method: 'POST' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const manifestPath = join(plugin.dir, 'package.json')
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string }
    await writeFile(manifestPath, JSON.stringify({ ...manifest, version: '9.9.9' }, null, 2))
    const { sent, failed } = await requestsUntil(async () => (await version()) === '9.9.9')
    console.log(`portico dev: ${sent} requests during a restart, ${failed} failed`)
    expect(failed).toBe(0)
    const answer = await slow
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ done: true })
    await dev.waitForOutput(/Restarted in \d+ ms/)
  })

  it('keeps the last good version serving when the config has a mistake', async () => {
    const file = join(plugin.dir, 'portico.config.ts')
    await writeFile(file, config('Probe Broken', "\n  colour: 'red',"))
    await dev.waitForOutput(
      /portico\.config\.ts \(key "colour"\): unknown key[\s\S]*The last good version keeps serving/,
    )
    expect(await title()).toBe('Probe Reloaded')
    const call = await fetch(`${base}/api/Probe/args`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(call.status).toBe(200)
  })

  it('reports a type error of the config with its line, and keeps the last good version', async () => {
    const file = join(plugin.dir, 'portico.config.ts')
    await writeFile(file, `${config('Probe Typed')}\nexport const count: number = 'not a number'\n`)
    await dev.waitForOutput(
      /portico\.config\.ts:8:14: TS2322: [\s\S]*The last good version keeps serving/,
    )
    expect(await title()).toBe('Probe Reloaded')
    await writeFile(file, config('Probe Fixed'))
    await pollUntil(async () => ((await title()) === 'Probe Fixed' ? true : undefined))
  })
})
