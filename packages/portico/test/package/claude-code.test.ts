import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AgentsCatalog } from '../../src/surfaces/documents/agent-documents.js'
import type { McpConfigDocument } from '../../src/surfaces/documents/build-mcp-config.js'
import type { SkillsCatalog } from '../../src/surfaces/documents/build-skills-catalog.js'
import type { ClaudePluginManifest } from '../../src/surfaces/documents/claude-plugin-manifest.js'
import { launchBrowser, screenshot } from '../support/browser.js'
import { copyPlugin, PATIENCE_MS } from '../support/cli-process.js'
import { toolPatienceMs } from '../support/external-tools.js'
import {
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { serveGitRepositories } from './git-http-server.js'
import { type HttpsFront, serveHttpsFront } from './https-front.js'
import { unpackZip } from './unpack-zip.js'

const exec = promisify(execFile)
const tools = inject('externalTools')
const guidePath = resolve(import.meta.dirname, '../../../../docs/claude-code.md')

/** The marketplace's folder and name, as docs/claude-code.md has them. */
const marketplace = 'portico-plugins'
/** The git URL docs/claude-code.md shows; the test serves the same repository on 127.0.0.1. */
const guideGitUrl = `https://git.example.com/you/${marketplace}.git`
/** The example's public origin in docs/claude-code.md. */
const guideOrigin = 'https://notes.example.com'
/**
 * The host name the suite serves plugins under over HTTPS (see `serveHttpsFront`): not loopback,
 * so Claude Code installs an `archive` source from it; `.test` is reserved, so it is no one's.
 */
const testHost = 'plugins.test'
/** A hung `claude` or `git` is killed after this, so the failure shows its output. */
const commandTimeoutMs = toolPatienceMs

/** The names of a plugin's components, sorted. */
interface Components {
  skills: string[]
  agents: string[]
  mcpServers: string[]
}

/** A plugin whose package Claude Code installs, and the components Portico lists for it. */
interface PackageCase {
  label: string
  dir: string
  lists: Components
  /** Also installed from its own URL (the example has tests of its own for that). */
  fromUrl?: true
}

const cases: PackageCase[] = [
  {
    label: 'the example',
    dir: notesExampleDir,
    lists: {
      skills: ['note-taking', 'weekly-review'],
      agents: ['meeting-scribe', 'note-organizer'],
      mcpServers: ['notes', 'notes-tags'],
    },
  },
  {
    label: 'skills with files in sub-folders',
    dir: fixtureDir('package-skill-folders-plugin'),
    lists: {
      skills: ['drafting', 'reviewing'],
      agents: ['editor'],
      mcpServers: ['package-skill-folders'],
    },
  },
  {
    label: 'a plugin with no agents',
    dir: fixtureDir('package-no-agents-plugin'),
    lists: { skills: ['echoing'], agents: [], mcpServers: ['package-no-agents'] },
    fromUrl: true,
  },
  {
    label: 'a plugin with no skills',
    dir: fixtureDir('package-no-skills-plugin'),
    lists: { skills: [], agents: ['echoer'], mcpServers: ['package-no-skills'] },
  },
  {
    label: 'external MCP servers',
    dir: fixtureDir('package-external-mcp-plugin'),
    lists: {
      skills: [],
      agents: ['operator'],
      mcpServers: ['docs-search', 'github', 'package-external-mcp', 'package-external-mcp-admin'],
    },
    fromUrl: true,
  },
]

/** What Portico serves of a plugin: its package, and the components its documents list. */
interface ServedPackage extends Components {
  name: string
  version: string
  zip: Uint8Array
}

/** `.claude-plugin/marketplace.json` of a marketplace that holds one plugin folder. */
interface MarketplaceFile {
  name: string
  owner: { name: string }
  description: string
  plugins: { name: string; source: string }[]
}

/** Claude Code with a home of its own, run in one working folder. */
interface ClaudeCode {
  /** Runs `claude <args>` and returns what it printed; it must exit with 0. */
  run(args: string[]): Promise<string>
  /** Runs `claude <args>` and returns what it printed; it must exit with an error. */
  fail(args: string[]): Promise<string>
}

/** Reads one served file, failing unless it answers 200. */
type ReadServed = (path: string) => Promise<Uint8Array>

const scratch: string[] = []
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })))
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-claude-code-'))
  scratch.push(dir)
  return dir
}

/** Serves the plugin just long enough to download its package and the documents that list it. */
async function fetchPackage(dir: string): Promise<ServedPackage> {
  const server = await servePlugin(dir)
  try {
    return await readPackage(async (path) => {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(200)
      return new Uint8Array(await response.arrayBuffer())
    })
  } finally {
    await server.close()
  }
}

/** A plugin's package and the components its documents list. */
async function readPackage(read: ReadServed): Promise<ServedPackage> {
  const json = async <T>(path: string): Promise<T> =>
    JSON.parse(new TextDecoder().decode(await read(path))) as T
  const manifest = await json<ClaudePluginManifest>('/.claude-plugin/plugin.json')
  const skills = await json<SkillsCatalog>('/skills/catalog.json')
  const agents = await json<AgentsCatalog>('/agents/catalog.json')
  const mcp = await json<McpConfigDocument>('/mcp.json')
  return {
    name: manifest.name,
    version: manifest.version,
    zip: await read('/plugin.zip'),
    skills: skills.skills.map((skill) => skill.name).sort(),
    agents: agents.agents.map((agent) => agent.name).sort(),
    mcpServers: Object.keys(mcp.mcpServers).sort(),
  }
}

/** The marketplace file listing one unpacked package, as docs/claude-code.md writes it. */
function marketplaceFile(plugin: string): MarketplaceFile {
  return {
    name: marketplace,
    owner: { name: 'You' },
    description: 'Portico plugins, unpacked from their /plugin.zip',
    plugins: [{ name: plugin, source: `./plugins/${plugin}` }],
  }
}

/** The commands that check a local marketplace and install from it, as the guide gives them. */
function localInstall(plugin: string): string[][] {
  return [
    ['plugin', 'validate', '--strict', `${marketplace}/plugins/${plugin}`],
    ['plugin', 'validate', '--strict', marketplace],
    ...install(`./${marketplace}`, plugin),
  ]
}

/** Adding a marketplace from `source` (a folder or a git URL), installing and listing the plugin. */
function install(source: string, plugin: string): string[][] {
  return [
    ['plugin', 'marketplace', 'add', source],
    ['plugin', 'install', `${plugin}@${marketplace}`],
    ['plugin', 'details', `${plugin}@${marketplace}`],
  ]
}

/**
 * The commands that install a plugin from the marketplace it serves, as README and
 * docs/claude-code.md give them: Portico names the marketplace `<plugin>-marketplace`.
 */
function fromUrl(origin: string, plugin: string): string[][] {
  const marketplace = `${plugin}-marketplace`
  return [
    ['plugin', 'marketplace', 'add', `${origin}/.claude-plugin/marketplace.json`],
    ['plugin', 'install', `${plugin}@${marketplace}`],
    ['plugin', 'details', `${plugin}@${marketplace}`],
  ]
}

/** Unpacks the package into `<work>/portico-plugins/plugins/<name>/` and writes the marketplace file. */
async function buildMarketplace(work: string, served: ServedPackage): Promise<string> {
  const root = join(work, marketplace)
  await unpackZip(served.zip, join(root, 'plugins', served.name))
  await mkdir(join(root, '.claude-plugin'), { recursive: true })
  await writeFile(
    join(root, '.claude-plugin/marketplace.json'),
    `${JSON.stringify(marketplaceFile(served.name), null, 2)}\n`,
  )
  return root
}

/**
 * Claude Code in `work`, offline and without an account: a home (and configuration folder) of
 * its own, no variable of this process passed on but PATH (git is on it), and no traffic a
 * command does not need (updater, telemetry, error reports). With `front`, it reaches
 * `https://plugins.test` through the front's proxy and trusts its certificate; its temporary
 * files (a `--plugin-url` download) go to `work` too.
 */
async function claudeCode(work: string, front?: HttpsFront): Promise<ClaudeCode> {
  const home = join(work, 'home')
  let reach = {}
  if (front) {
    const cert = join(work, 'front.pem')
    await writeFile(cert, front.cert)
    reach = { HTTPS_PROXY: front.proxyUrl, NODE_EXTRA_CA_CERTS: cert }
  }
  const env = {
    ...reach,
    TMPDIR: work,
    PATH: process.env.PATH ?? '',
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    NO_PROXY: '127.0.0.1,localhost',
    NO_COLOR: '1',
    TERM: 'dumb',
  }
  const attempt = async (args: string[]): Promise<{ ok: boolean; output: string }> => {
    try {
      const { stdout, stderr } = await exec(tools.claude, args, {
        cwd: work,
        env,
        timeout: commandTimeoutMs,
      })
      return { ok: true, output: `${stdout}${stderr}` }
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
      return { ok: false, output: `${(error as Error).message}\n${stdout}${stderr}` }
    }
  }
  return {
    run: async (args) => {
      const { ok, output } = await attempt(args)
      if (!ok) throw new Error(`claude ${args.join(' ')} failed: ${output}`)
      return output
    },
    fail: async (args) => {
      const { ok, output } = await attempt(args)
      if (ok) throw new Error(`claude ${args.join(' ')} succeeded:\n${output}`)
      return output
    },
  }
}

/** Runs the commands in order; returns what the last one printed. */
async function runAll(claude: ClaudeCode, commands: string[][]): Promise<string> {
  let output = ''
  for (const args of commands) output = await claude.run(args)
  return output
}

/**
 * The names `claude plugin details` lists on a line such as `  Skills (2)  a, b` or
 * `  MCP servers (2)  a, b  (tool schemas resolved at runtime; not counted)`, sorted; the count
 * must match them.
 */
function listed(details: string, heading: string): string[] {
  const line = details.split('\n').find((text) => text.trimStart().startsWith(`${heading} (`))
  const match = /^\s*[A-Za-z ]+ \((\d+)\)(?: {2}(.*?))?(?: {2}\(.*\))?\s*$/.exec(line ?? '')
  if (!match) throw new Error(`claude plugin details has no "${heading} (n)" line:\n${details}`)
  const names = match[2] ? match[2].split(', ') : []
  expect(names, `${heading} in ${line}`).toHaveLength(Number(match[1]))
  return names.sort()
}

/** Every skill, agent and MCP server that Portico lists is what Claude Code installed. */
function expectWhole(details: string, served: ServedPackage): void {
  expect(details).toContain(`(${served.name}) ${served.version}`)
  const installed: Components = {
    skills: listed(details, 'Skills'),
    agents: listed(details, 'Agents'),
    mcpServers: listed(details, 'MCP servers'),
  }
  expect(installed).toEqual(componentsOf(served))
}

function componentsOf({ skills, agents, mcpServers }: Components): Components {
  return { skills, agents, mcpServers }
}

describe('the plugin package in Claude Code', () => {
  it.each(cases)(
    'is valid and installs whole from a local marketplace: $label',
    async ({ dir, lists }) => {
      const served = await fetchPackage(dir)
      expect(componentsOf(served)).toEqual(lists)
      const work = await tempDir()
      await buildMarketplace(work, served)
      expectWhole(await runAll(await claudeCode(work), localInstall(served.name)), served)
    },
  )

  it('installs whole from a git marketplace', async () => {
    const served = await fetchPackage(notesExampleDir)
    const work = await tempDir()
    const root = await buildMarketplace(work, served)
    const git = (cwd: string, args: string[]) =>
      exec('git', args, {
        cwd,
        timeout: commandTimeoutMs,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 'You',
          GIT_AUTHOR_EMAIL: 'you@example.com',
          GIT_COMMITTER_NAME: 'You',
          GIT_COMMITTER_EMAIL: 'you@example.com',
        },
      })
    await git(root, ['init', '--quiet', '--initial-branch=main'])
    await git(root, ['add', '.'])
    await git(root, ['commit', '--quiet', '-m', `Add ${served.name}`])
    // The remote a user would push to: a bare repository, served over git's smart HTTP.
    const remotes = join(work, 'remotes')
    await git(work, ['clone', '--quiet', '--bare', root, join(remotes, `${marketplace}.git`)])
    const server = await serveGitRepositories(remotes)
    try {
      const url = `${server.url}/${marketplace}.git`
      expectWhole(await runAll(await claudeCode(work), install(url, served.name)), served)
    } finally {
      await server.close()
    }
  })

  it('is installed with the commands and the marketplace file docs/claude-code.md gives', async () => {
    const guide = await readFile(guidePath, 'utf8')
    const lines = new Set(guide.split('\n').map((line) => line.trim()))
    const commands = [
      ...fromUrl(guideOrigin, 'notes'),
      ['--plugin-url', `${guideOrigin}/plugin.zip`],
      ...localInstall('notes'),
      ...install(guideGitUrl, 'notes'),
    ]
    for (const args of commands) {
      const command = `claude ${args.join(' ')}`
      expect(lines.has(command), command).toBe(true)
    }
    const file = /marketplace\.json`:\n\n```json\n([\s\S]*?)```/.exec(guide)?.[1]
    expect(JSON.parse(file ?? 'null')).toEqual(marketplaceFile('notes'))
  })
})

/**
 * The plugin installed from its own URL (issue 33): Claude Code fetches
 * `https://plugins.test/.claude-plugin/marketplace.json` and the `/plugin.zip` its `archive`
 * entry names, checked by its `sha256`. `serveHttpsFront` explains how the host reaches the
 * plugin on 127.0.0.1 over HTTPS; one front serves the whole file, each plugin behind it in turn.
 */
describe('the plugin in Claude Code from its own URL', () => {
  let front: HttpsFront
  beforeAll(async () => {
    front = await serveHttpsFront(testHost)
  })
  afterAll(() => front?.close())

  /** Reads what the plugin serves at `https://plugins.test`: links and digests on that origin. */
  const readThroughFront: ReadServed = async (path) => {
    const { status, body } = await front.get(path)
    expect(status, path).toBe(200)
    return new Uint8Array(body)
  }

  /**
   * Serves a copy of the plugin behind the front, its config naming the host in
   * `server.allowedHosts` as a plugin deployed there would: links name only a host that passed
   * the allowlist, so without it they would name `localhost`.
   */
  async function serveBehindFront(dir: string): Promise<ServedPlugin> {
    const copy = await copyPlugin(dir)
    const path = join(copy.dir, 'portico.config.ts')
    const config = await readFile(path, 'utf8').catch(
      () => "import { defineConfig } from 'portico'\n\nexport default defineConfig({})\n",
    )
    if (!config.includes('defineConfig({') || config.includes('server:')) {
      throw new Error(`${dir}: cannot add server.allowedHosts to its config:\n${config}`)
    }
    const allowed = `defineConfig({\n  server: { allowedHosts: ['${testHost}'] },`
    await writeFile(path, config.replace('defineConfig({', allowed))
    const plugin = await servePlugin(copy.dir)
    front.forwardTo(plugin.url)
    return {
      ...plugin,
      close: async () => {
        await plugin.close()
        await copy.remove()
      },
    }
  }

  it.each(cases.filter((item) => item.fromUrl))(
    'installs whole with the two commands of its URL: $label',
    async ({ dir, lists }) => {
      const plugin = await serveBehindFront(dir)
      try {
        const served = await readPackage(readThroughFront)
        expect(componentsOf(served)).toEqual(lists)
        const claude = await claudeCode(await tempDir(), front)
        expectWhole(await runAll(claude, fromUrl(front.origin, served.name)), served)
      } finally {
        await plugin.close()
      }
    },
  )

  describe('the example', () => {
    let plugin: ServedPlugin
    let served: ServedPackage
    beforeAll(async () => {
      plugin = await serveBehindFront(notesExampleDir)
      served = await readPackage(readThroughFront)
    })
    afterAll(() => plugin?.close())

    /** A marketplace like the served one, at `/<folder>/`, whose entry `change` alters. */
    async function alteredMarketplace(
      folder: string,
      change: (source: { url: string; sha256: string }) => void,
    ): Promise<string> {
      const marketplace = JSON.parse(
        new TextDecoder().decode(await readThroughFront('/.claude-plugin/marketplace.json')),
      ) as { plugins: { source: { url: string; sha256: string } }[] }
      const [entry] = marketplace.plugins
      if (!entry) throw new Error('The marketplace lists no plugin')
      change(entry.source)
      const path = `/${folder}/.claude-plugin/marketplace.json`
      front.answer(path, { type: 'application/json', body: JSON.stringify(marketplace) })
      return `${front.origin}${path}`
    }

    /**
     * The Claude Code commands the overview of the docs site at `origin` shows, and the note it
     * adds when Claude Code cannot install from there. Chromium reaches `https://plugins.test`
     * through the front as Claude Code does, trusting its certificate.
     */
    async function overviewCommands(origin: string): Promise<{ lines: string[]; note: string }> {
      const browser = await launchBrowser()
      try {
        const context = await browser.newContext(
          origin === front.origin
            ? { proxy: { server: front.proxyUrl }, ignoreHTTPSErrors: true }
            : {},
        )
        const page = await context.newPage()
        await page.goto(`${origin}/`)
        const card = page.getByTestId('claude-code-plugin')
        await card.waitFor({ timeout: PATIENCE_MS })
        await screenshot(page, `claude-code-plugin-${new URL(origin).protocol.slice(0, -1)}`)
        const lines = await card.locator('.copy-line code').allTextContents()
        const note = (await card.getByRole('note').allTextContents()).join(' ')
        return { lines, note }
      } finally {
        await browser.close()
      }
    }

    it('installs whole with the two commands its docs site shows, the zip fetched over HTTPS', async () => {
      expect(componentsOf(served)).toEqual(cases[0]?.lists)
      const shown = await overviewCommands(front.origin)
      const [add, install, details] = fromUrl(front.origin, served.name)
      expect(shown).toEqual({
        lines: [add, install].map((args) => `claude ${args?.join(' ')}`),
        note: '',
      })
      const claude = await claudeCode(await tempDir(), front)
      const asked = front.requested.length
      const commands = shown.lines.map((line) => line.split(' ').slice(1))
      expectWhole(await runAll(claude, [...commands, details ?? []]), served)
      expect(front.requested.slice(asked)).toContain('/plugin.zip')
    })

    it('loads for one session with --plugin-url, from its https origin and from loopback http, as the docs site says', async () => {
      // On loopback (what `portico dev` serves) the site shows --plugin-url instead, with a note.
      const shown = await overviewCommands(plugin.url)
      const session = shown.lines[2] ?? ''
      const zipUrl =
        /^claude --plugin-url (http:\/\/(?:localhost|127\.0\.0\.1):\d+)\/plugin\.zip$/.exec(session)
      expect(zipUrl, session).not.toBeNull()
      expect(shown.note).toContain(`not from ${zipUrl?.[1]}`)
      const claude = await claudeCode(await tempDir(), front)
      for (const load of [
        ['--plugin-url', `${front.origin}/plugin.zip`],
        session.split(' ').slice(1),
      ]) {
        const details = await claude.run([...load, 'plugin', 'details', served.name])
        expect(details).toContain(`Source: ${served.name}@inline`)
        expectWhole(details, served)
      }
    })

    it('is refused with a wrong sha256', async () => {
      const url = await alteredMarketplace('wrong-sha256', (source) => {
        source.sha256 = createHash('sha256').update('not the plugin').digest('hex')
      })
      const claude = await claudeCode(await tempDir(), front)
      await claude.run(['plugin', 'marketplace', 'add', url])
      const output = await claude.fail([
        'plugin',
        'install',
        `${served.name}@${served.name}-marketplace`,
      ])
      expect(output).toMatch(/sha-?256|digest|checksum|integrity/i)
      expect(
        await claude.fail(['plugin', 'details', `${served.name}@${served.name}-marketplace`]),
      ).toMatch(/not (found|installed)/i)
    })

    it('lists one skill fewer from a package without it, which the comparison with the catalogs catches', async () => {
      const entries = unzipSync(served.zip)
      const kept = Object.fromEntries(
        Object.entries(entries).filter(([path]) => !path.startsWith('skills/weekly-review/')),
      )
      expect(Object.keys(kept).length).toBeLessThan(Object.keys(entries).length)
      const zip = zipSync(kept)
      front.answer('/missing-skill/plugin.zip', { type: 'application/zip', body: zip })
      const url = await alteredMarketplace('missing-skill', (source) => {
        source.url = `${front.origin}/missing-skill/plugin.zip`
        source.sha256 = createHash('sha256').update(zip).digest('hex')
      })
      const claude = await claudeCode(await tempDir(), front)
      await claude.run(['plugin', 'marketplace', 'add', url])
      await claude.run(['plugin', 'install', `${served.name}@${served.name}-marketplace`])
      const details = await claude.run([
        'plugin',
        'details',
        `${served.name}@${served.name}-marketplace`,
      ])
      expect(listed(details, 'Skills')).toEqual(['note-taking'])
      expect(() => expectWhole(details, served)).toThrow()
    })

    it('is not installed from the marketplace of a loopback http origin, which still answers', async () => {
      const claude = await claudeCode(await tempDir())
      const [add, install] = fromUrl(plugin.url, served.name)
      await claude.run(add ?? [])
      expect(await claude.fail(install ?? [])).toContain('Archive URLs must use https://')
    })
  })
})
