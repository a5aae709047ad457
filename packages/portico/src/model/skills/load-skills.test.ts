import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { loadSkills } from './load-skills.js'
import type { SkillLimits } from './skill-limits.js'

const { plugin, outside } = useTempPlugins('skills')

/** SKILL.md text for a skill named `name`, with extra frontmatter lines. */
function skillMd(name: string, ...lines: string[]): string {
  return [
    '---',
    `name: ${name}`,
    'description: Does x. Use when y.',
    ...lines,
    '---',
    '# X',
    '',
  ].join('\n')
}

/** The files of the only skill in `dir`, decoded as UTF-8. */
async function filesOf(dir: string, limits?: SkillLimits): Promise<Record<string, string>> {
  const [skill] = await loadSkills(dir, limits)
  const entries = (skill?.files ?? []).map((file) => [
    file.path,
    Buffer.from(file.base64, 'base64').toString('utf8'),
  ])
  return Object.fromEntries(entries)
}

async function loadError(dir: string, limits?: SkillLimits): Promise<unknown> {
  return loadSkills(dir, limits).catch((caught: unknown) => caught)
}

const BACKSLASH =
  'its name holds "\\", which a zip may not hold (APPNOTE §4.4.17: "/" alone separates folders) and Windows reads as a folder separator, so the file would unpack elsewhere; rename it'
const COLON =
  'its name holds ":", which Windows reads as a drive or a data stream, so the file would unpack elsewhere or under another name; rename it'

const allowedKeys =
  'name, description, license, compatibility, metadata, allowed-tools, when_to_use, argument-hint, arguments, disable-model-invocation, user-invocable, disallowed-tools, model, effort, context, agent, background, hooks, paths, shell'

describe('loadSkills', () => {
  it('reads a skill with every file of its folder, sorted by path', async () => {
    const text = skillMd('pdf-tools', 'license: MIT', 'metadata:', '  version: "1.0"')
    const dir = await plugin({
      'skills/pdf-tools/SKILL.md': text,
      'skills/pdf-tools/scripts/extract.py': 'print(1)',
      'skills/pdf-tools/references/forms.md': '# Forms',
      'skills/pdf-tools/assets/deep/a b.txt': 'spaced',
    })
    expect(await loadSkills(dir)).toEqual([
      {
        name: 'pdf-tools',
        description: 'Does x. Use when y.',
        frontmatter: {
          name: 'pdf-tools',
          description: 'Does x. Use when y.',
          license: 'MIT',
          metadata: { version: '1.0' },
        },
        files: [
          { path: 'SKILL.md', base64: Buffer.from(text).toString('base64') },
          { path: 'assets/deep/a b.txt', base64: Buffer.from('spaced').toString('base64') },
          { path: 'references/forms.md', base64: Buffer.from('# Forms').toString('base64') },
          { path: 'scripts/extract.py', base64: Buffer.from('print(1)').toString('base64') },
        ],
        source: { file: 'skills/pdf-tools/SKILL.md', line: 1 },
      },
    ])
  })

  it('round-trips binary files through base64', async () => {
    const bytes = Buffer.from([0, 255, 128, 10, 13, 0xef, 0xbb, 0xbf])
    const dir = await plugin({
      'skills/x/SKILL.md': skillMd('x'),
      'skills/x/assets/blob.bin': bytes,
    })
    const [skill] = await loadSkills(dir)
    const blob = skill?.files.find((file) => file.path === 'assets/blob.bin')
    expect(Buffer.from(blob?.base64 ?? '', 'base64')).toEqual(bytes)
  })

  it('leaves out what the reference packager leaves out, and dot-files', async () => {
    const dir = await plugin({
      'skills/x/SKILL.md': skillMd('x'),
      'skills/x/.DS_Store': 'x',
      'skills/x/.hidden/a.md': 'x',
      'skills/x/__pycache__/a.cpython-312.pyc': 'x',
      'skills/x/scripts/__pycache__/b.pyc': 'x',
      'skills/x/scripts/run.py': 'x',
      'skills/x/scripts/old.pyc': 'x',
      'skills/x/scripts/node_modules/dep/index.js': 'x',
      'skills/x/evals/case.json': 'x',
      'skills/x/references/evals/kept.md': 'kept',
    })
    expect(Object.keys(await filesOf(dir))).toEqual([
      'SKILL.md',
      'references/evals/kept.md',
      'scripts/run.py',
    ])
  })

  it.each([
    ['skills/x/a\\b.md', 'skills/x/a\\b.md', BACKSLASH],
    ['skills/x/c:d.md', 'skills/x/c:d.md', COLON],
    ['skills/x/refs:v1/a.md', 'skills/x/refs:v1', COLON],
  ])('refuses %s, naming it and saying why, as dot-files are left out', async (path, file, why) => {
    const dir = await plugin({
      'skills/x/SKILL.md': skillMd('x'),
      [path]: 'x',
      'skills/x/.a:b': 'x',
    })
    const error = await loadError(dir)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(`${file}: ${why}`)
  })

  it('follows symlinks to files and folders inside the plugin', async () => {
    const dir = await plugin(
      { 'skills/x/SKILL.md': skillMd('x'), 'shared/style.md': 'style', 'shared/t/a.md': 'a' },
      {
        'skills/x/references/style.md': '../../../shared/style.md',
        'skills/x/t': '../../shared/t',
      },
    )
    expect(await filesOf(dir)).toEqual({
      'SKILL.md': skillMd('x'),
      'references/style.md': 'style',
      't/a.md': 'a',
    })
  })

  it('does not follow excluded symlinks, wherever they lead', async () => {
    const dir = await plugin(
      { 'skills/x/SKILL.md': skillMd('x') },
      { 'skills/x/node_modules': '/' },
    )
    expect(Object.keys(await filesOf(dir))).toEqual(['SKILL.md'])
  })

  it('sorts skills by name and ignores loose files and dot-folders in skills/', async () => {
    const dir = await plugin({
      'skills/b-skill/SKILL.md': skillMd('b-skill'),
      'skills/a-skill/SKILL.md': skillMd('a-skill'),
      'skills/README.md': 'About these skills',
      'skills/.drafts/notes.md': 'x',
    })
    expect((await loadSkills(dir)).map((skill) => skill.name)).toEqual(['a-skill', 'b-skill'])
  })

  it('returns [] without a skills folder', async () => {
    expect(await loadSkills(await plugin({}))).toEqual([])
  })

  it("accepts Claude Code's keys and frontmatter as Biome formats it", async () => {
    const dir = await plugin({
      'skills/x/SKILL.md': [
        '---',
        '',
        'name: x',
        'description: Does x.',
        'allowed-tools:',
        '',
        '- Read',
        'disable-model-invocation: yes',
        'effort: high',
        'context: fork',
        'compatibility: Needs python3',
        '',
        '---',
        'Body',
      ].join('\n'),
    })
    const [skill] = await loadSkills(dir)
    expect(skill?.frontmatter).toEqual({
      name: 'x',
      description: 'Does x.',
      'allowed-tools': ['Read'],
      'disable-model-invocation': 'yes',
      effort: 'high',
      context: 'fork',
      compatibility: 'Needs python3',
    })
  })

  it('accepts a skill at exactly its limits', async () => {
    const text = skillMd('x')
    const dir = await plugin({ 'skills/x/SKILL.md': text, 'skills/x/a.txt': '12345' })
    const limits = { maxFiles: 2, maxBytes: Buffer.byteLength(text) + 5 }
    expect(Object.keys(await filesOf(dir, limits))).toEqual(['SKILL.md', 'a.txt'])
  })

  const long = (length: number) => 'a'.repeat(length)
  it.each([
    [
      'a folder without SKILL.md',
      { 'skills/x/README.md': '# X' },
      'skills/x: the skill folder has no SKILL.md; each folder of skills/ needs one',
    ],
    [
      'a SKILL.md spelled in lower case',
      { 'skills/x/skill.md': skillMd('x') },
      'skills/x: the skill folder has no SKILL.md; each folder of skills/ needs one; rename skill.md to SKILL.md',
    ],
    [
      'a SKILL.md without frontmatter',
      { 'skills/x/SKILL.md': '# X\n' },
      `skills/x/SKILL.md:1: the file must start with YAML frontmatter between "---" lines (keys: ${allowedKeys})`,
    ],
    [
      'frontmatter that is not a mapping',
      { 'skills/x/SKILL.md': '---\n- x\n---\nBody' },
      `skills/x/SKILL.md:2: the frontmatter must be a mapping of ${allowedKeys}`,
    ],
    [
      'invalid YAML',
      { 'skills/x/SKILL.md': '---\nname: x\nname: y\n---\nBody' },
      'skills/x/SKILL.md:3: invalid YAML in the frontmatter: Map keys must be unique',
    ],
    [
      'an unknown key',
      { 'skills/x/SKILL.md': skillMd('x', 'version: 1') },
      `skills/x/SKILL.md:4: unknown frontmatter key "version"; allowed: ${allowedKeys}`,
    ],
    [
      'a missing name',
      { 'skills/x/SKILL.md': '---\ndescription: Does x.\n---\nBody' },
      'skills/x/SKILL.md:1: "name" is required; set it to the folder name, "x"',
    ],
    [
      'a missing description',
      { 'skills/x/SKILL.md': '---\nname: x\n---\nBody' },
      'skills/x/SKILL.md:1: "description" is required; say what the skill does and when to use it',
    ],
    [
      'a name that is not a string',
      { 'skills/x/SKILL.md': '---\ndescription: D\nname: 12\n---\nBody' },
      'skills/x/SKILL.md:3: "name" must be a string',
    ],
    [
      'a name with capitals',
      { 'skills/Pdf/SKILL.md': skillMd('Pdf') },
      'skills/Pdf/SKILL.md:2: name "Pdf" must match ^[a-z0-9]+(-[a-z0-9]+)*$',
    ],
    [
      'a name with a double hyphen',
      { 'skills/a--b/SKILL.md': skillMd('a--b') },
      'skills/a--b/SKILL.md:2: name "a--b" must match ^[a-z0-9]+(-[a-z0-9]+)*$',
    ],
    [
      'a name over 64 characters',
      { [`skills/${long(65)}/SKILL.md`]: skillMd(long(65)) },
      `skills/${long(65)}/SKILL.md:2: name "${long(65)}" is longer than 64 characters`,
    ],
    [
      'a name containing "claude"',
      { 'skills/claude-helper/SKILL.md': skillMd('claude-helper') },
      'skills/claude-helper/SKILL.md:2: name "claude-helper" must not contain the reserved word "claude"',
    ],
    [
      'a name containing "anthropic"',
      { 'skills/myanthropic/SKILL.md': skillMd('myanthropic') },
      'skills/myanthropic/SKILL.md:2: name "myanthropic" must not contain the reserved word "anthropic"',
    ],
    [
      'a name that differs from the folder',
      { 'skills/pdf/SKILL.md': skillMd('pdf-tools') },
      'skills/pdf/SKILL.md:2: name "pdf-tools" must equal the folder name, "pdf"',
    ],
    [
      'an empty description',
      { 'skills/x/SKILL.md': '---\nname: x\ndescription: ""\n---\nBody' },
      'skills/x/SKILL.md:3: "description" must be 1 to 1024 characters long (it has 0)',
    ],
    [
      'a description over 1024 characters',
      { 'skills/x/SKILL.md': `---\nname: x\ndescription: ${long(1025)}\n---\nBody` },
      'skills/x/SKILL.md:3: "description" must be 1 to 1024 characters long (it has 1025)',
    ],
    [
      'a description over 1024 characters, counting code points',
      { 'skills/x/SKILL.md': `---\nname: x\ndescription: ${'😀'.repeat(1025)}\n---\nBody` },
      'skills/x/SKILL.md:3: "description" must be 1 to 1024 characters long (it has 1025)',
    ],
    [
      'a description with angle brackets',
      { 'skills/x/SKILL.md': '---\nname: x\ndescription: Use for <pdf> files.\n---\nBody' },
      'skills/x/SKILL.md:3: "description" must not contain < or >',
    ],
    [
      'a compatibility over 500 characters',
      { 'skills/x/SKILL.md': skillMd('x', `compatibility: ${long(501)}`) },
      'skills/x/SKILL.md:4: "compatibility" must be 1 to 500 characters long (it has 501)',
    ],
    [
      'a license that is not a string',
      { 'skills/x/SKILL.md': skillMd('x', 'license: [MIT]') },
      'skills/x/SKILL.md:4: "license" must be a string',
    ],
    [
      'metadata that is not a mapping',
      { 'skills/x/SKILL.md': skillMd('x', 'metadata: v1') },
      'skills/x/SKILL.md:4: "metadata" must be a mapping of strings to strings',
    ],
    [
      'a metadata value that is not a string',
      { 'skills/x/SKILL.md': skillMd('x', 'metadata:', '  author: me', '  version: 1.0') },
      'skills/x/SKILL.md:6: metadata "version" must be a string; quote numbers and booleans',
    ],
    [
      'allowed-tools that are not strings',
      { 'skills/x/SKILL.md': skillMd('x', 'allowed-tools: [1, 2]') },
      'skills/x/SKILL.md:4: "allowed-tools" must be a string or a list of strings',
    ],
    [
      'an unknown effort',
      { 'skills/x/SKILL.md': skillMd('x', 'effort: extreme') },
      'skills/x/SKILL.md:4: "effort" must be one of low, medium, high, xhigh, max',
    ],
  ])('rejects %s, naming the file and line', async (_name, files, message) => {
    const error = await loadError(await plugin(files))
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(message)
  })

  it.each([
    [
      'a file symlink that leaves the plugin folder',
      'skills/x/references/secret.md',
      (outside: string) =>
        `the symlink leads outside the plugin folder (to ${outside}/secret.md); only links inside it are followed`,
    ],
    [
      'a skill folder symlink that leaves the plugin folder',
      'skills/y',
      (outside: string) =>
        `the symlink leads outside the plugin folder (to ${outside}); only links inside it are followed`,
    ],
    [
      'a folder symlink inside a skill that leaves the plugin folder',
      'skills/x/shared',
      (outside: string) =>
        `the symlink leads outside the plugin folder (to ${outside}); only links inside it are followed`,
    ],
  ])('rejects %s', async (_name, link, message) => {
    const away = await outside()
    await mkdir(away)
    await writeFile(join(away, 'secret.md'), 'secret')
    const target = link.endsWith('.md') ? join(away, 'secret.md') : away
    const dir = await plugin({ 'skills/x/SKILL.md': skillMd('x') }, { [link]: target })
    const error = await loadError(dir)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(`${link}: ${message(away)}`)
  })

  it.each([
    [
      'a symlink that loops back to its folder',
      { 'skills/x/refs/again': '..' },
      'skills/x/refs/again: the symlink loops back to a folder that contains it',
    ],
    [
      'a broken symlink',
      { 'skills/x/gone.md': 'missing.md' },
      'skills/x/gone.md: the symlink leads to nothing (a broken link)',
    ],
  ])('rejects %s', async (_name, links, message) => {
    const error = await loadError(await plugin({ 'skills/x/SKILL.md': skillMd('x') }, links))
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(message)
  })

  it.each([
    [
      'more files',
      { maxFiles: 2, maxBytes: 1000 },
      'the skill has 3 files; at most 2 are allowed per skill',
    ],
    [
      'more bytes',
      { maxFiles: 10, maxBytes: 200 },
      "the skill's files total 1060 bytes; at most 200 are allowed per skill",
    ],
  ])('rejects a skill with %s than its limits allow', async (_name, limits, message) => {
    const dir = await plugin({
      'skills/x/SKILL.md': skillMd('x').padEnd(60, '\n'),
      'skills/x/a.txt': 'a'.repeat(500),
      'skills/x/b/c.txt': 'c'.repeat(500),
    })
    const error = await loadError(dir, limits)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(`skills/x: ${message}`)
  })

  it('uses the MCP skills extension limits by default: 16 MiB', async () => {
    const dir = await plugin({ 'skills/x/SKILL.md': skillMd('x') })
    await writeFile(join(dir, 'skills/x/big.bin'), Buffer.alloc(16 * 1024 * 1024))
    const total = 16 * 1024 * 1024 + Buffer.byteLength(skillMd('x'))
    expect(((await loadError(dir)) as Error).message).toBe(
      `skills/x: the skill's files total ${total} bytes; at most 16777216 are allowed per skill`,
    )
  })

  it('uses the MCP skills extension limits by default: 512 files', async () => {
    const files: Record<string, string> = { 'skills/x/SKILL.md': skillMd('x') }
    for (let index = 0; index < 512; index++) files[`skills/x/refs/${index}.md`] = ''
    expect(((await loadError(await plugin(files))) as Error).message).toBe(
      'skills/x: the skill has 513 files; at most 512 are allowed per skill',
    )
  })
})
