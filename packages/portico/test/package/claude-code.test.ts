import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { AgentsCatalog } from '../../src/surfaces/documents/agent-documents.js'
import type { McpConfigDocument } from '../../src/surfaces/documents/build-mcp-config.js'
import type { SkillsCatalog } from '../../src/surfaces/documents/build-skills-catalog.js'
import type { ClaudePluginManifest } from '../../src/surfaces/documents/claude-plugin-manifest.js'
import { toolPatienceMs } from '../support/external-tools.js'
import { fixtureDir, notesExampleDir, servePlugin } from '../support/serve-plugin.js'
import { serveGitRepositories } from './git-http-server.js'
import { unpackZip } from './unpack-zip.js'

const exec = promisify(execFile)
const tools = inject('externalTools')
const guidePath = resolve(import.meta.dirname, '../../../../docs/claude-code.md')

/** The marketplace's folder and name, as docs/claude-code.md has them. */
const marketplace = 'portico-plugins'
/** The git URL docs/claude-code.md shows; the test serves the same repository on 127.0.0.1. */
const guideGitUrl = `https://git.example.com/you/${marketplace}.git`
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
}

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
  const get = async (path: string): Promise<Response> => {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status, path).toBe(200)
    return response
  }
  try {
    const manifest = (await (
      await get('/.claude-plugin/plugin.json')
    ).json()) as ClaudePluginManifest
    const skills = (await (await get('/skills/catalog.json')).json()) as SkillsCatalog
    const agents = (await (await get('/agents/catalog.json')).json()) as AgentsCatalog
    const mcp = (await (await get('/mcp.json')).json()) as McpConfigDocument
    return {
      name: manifest.name,
      version: manifest.version,
      zip: new Uint8Array(await (await get('/plugin.zip')).arrayBuffer()),
      skills: skills.skills.map((skill) => skill.name).sort(),
      agents: agents.agents.map((agent) => agent.name).sort(),
      mcpServers: Object.keys(mcp.mcpServers).sort(),
    }
  } finally {
    await server.close()
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
 * command does not need (updater, telemetry, error reports).
 */
function claudeCode(work: string): ClaudeCode {
  const home = join(work, 'home')
  const env = {
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
  return {
    run: async (args) => {
      const command = `claude ${args.join(' ')}`
      try {
        const { stdout, stderr } = await exec(tools.claude, args, {
          cwd: work,
          env,
          timeout: commandTimeoutMs,
        })
        return `${stdout}${stderr}`
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
        throw new Error(`${command} failed: ${(error as Error).message}\n${stdout}${stderr}`)
      }
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
      expectWhole(await runAll(claudeCode(work), localInstall(served.name)), served)
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
      expectWhole(await runAll(claudeCode(work), install(url, served.name)), served)
    } finally {
      await server.close()
    }
  })

  it('is installed with the commands and the marketplace file docs/claude-code.md gives', async () => {
    const guide = await readFile(guidePath, 'utf8')
    const lines = new Set(guide.split('\n').map((line) => line.trim()))
    for (const args of [...localInstall('notes'), ...install(guideGitUrl, 'notes')]) {
      const command = `claude ${args.join(' ')}`
      expect(lines.has(command), command).toBe(true)
    }
    const file = /marketplace\.json`:\n\n```json\n([\s\S]*?)```/.exec(guide)?.[1]
    expect(JSON.parse(file ?? 'null')).toEqual(marketplaceFile('notes'))
  })
})
