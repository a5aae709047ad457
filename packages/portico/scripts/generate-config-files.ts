/**
 * Derives every description of the config from its one declaration, `src/config/config-types.ts`
 * (types, JSDoc, `@default`), with Portico's own type-to-schema deriver: the config schema (the
 * module `validateConfig` compiles and the published `schemas/config.schema.json`), the defaults
 * `resolveConfig` applies, and the reference `docs/config.md`, whose environment section comes
 * from `AuthSettingsInput` and the variables `authSettingsFromEnv` reads.
 *
 * `npm run generate -w portico` writes them, and they are committed. The build does not rewrite
 * them, so `src/config/generated-config-files.test.ts` fails under `npm test` when one is stale.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { AUTH_ENVIRONMENT } from '../src/auth/auth-settings-from-env.js'
import type { JsonSchema } from '../src/core/json-schema.js'
import { createToolsProgram } from '../src/model/tools/create-tools-program.js'
import { NamedTypeRegistry } from '../src/model/tools/named-type-registry.js'
import { readJsDoc } from '../src/model/tools/read-jsdoc.js'
import { SchemaBuilder } from '../src/model/tools/schema-builder.js'

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = resolve(packageDir, '../..')
const typesFile = join(packageDir, 'src/config/config-types.ts')
const authSettingsFile = join(packageDir, 'src/auth/auth-settings.ts')

/** Each generated file, by its path from the repository root. */
export type GeneratedFiles = Map<string, string>

const GENERATED =
  'Generated from src/config/config-types.ts by `npm run generate -w portico`; do not edit.'

/** Options of {@link generateConfigFiles}. */
export interface GenerateOptions {
  /** The declaration to derive from; `src/config/config-types.ts` by default. */
  typesFile?: string
}

/** Derives every generated file's content, formatted as Biome formats it. */
export function generateConfigFiles(options: GenerateOptions = {}): GeneratedFiles {
  const declarationFile = options.typesFile ?? typesFile
  const configDir = dirname(declarationFile)
  const program = createToolsProgram(packageDir, [declarationFile, authSettingsFile])
  const checker = program.getTypeChecker()
  const config = declaredInterface(program, declarationFile, 'PorticoConfig')
  const builder = new SchemaBuilder(checker, configDir, new NamedTypeRegistry(configDir))
  const { schema } = builder.buildRoot(
    checker.getTypeAtLocation(config),
    { node: config, path: [] },
    {
      label: 'PorticoConfig',
      recordDates: false,
    },
  )
  addPropertyNames(checker, checker.getTypeAtLocation(config), schema)
  unwrapDescriptions(schema)
  const defaults = defaultsOf(schema)
  const environment = environmentOf(
    checker,
    declaredInterface(program, authSettingsFile, 'AuthSettingsInput'),
  )
  const published = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:portico:schema:config:1',
    title: 'Portico plugin config',
    ...schema,
  }
  const files: [string, string, string][] = [
    [
      'packages/portico/src/config/config-schema.ts',
      'ts',
      `// ${GENERATED}\nimport type { JsonSchema } from '../core/json-schema.js'\n\n/** JSON Schema of \`portico.config.ts\`; unknown keys are rejected so that typos surface. */\nexport const configSchema: JsonSchema = ${JSON.stringify(schema)}\n`,
    ],
    [
      'packages/portico/src/config/config-defaults.ts',
      'ts',
      `// ${GENERATED}\n\n/** Every \`@default\` of \`portico.config.ts\`, by key path; \`resolveConfig\` applies them. */\nexport const configDefaults = ${JSON.stringify(defaults)} as const\n`,
    ],
    ['packages/portico/schemas/config.schema.json', 'json', JSON.stringify(published)],
    ['docs/config.md', 'md', renderReference(schema, environment)],
  ]
  return new Map(files.map(([path, kind, text]) => [path, formatWithBiome(text, kind)]))
}

/** The generated files whose committed content differs from `files`, by path. */
export function staleFiles(files: GeneratedFiles): string[] {
  return [...files]
    .filter(([path, content]) => readCommitted(path) !== content)
    .map(([path]) => path)
}

function readCommitted(path: string): string | undefined {
  const file = join(repoRoot, path)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

/** Writes every generated file; run by `npm run generate -w portico`. */
export function writeConfigFiles(): void {
  for (const [path, content] of generateConfigFiles()) writeFileSync(join(repoRoot, path), content)
}

function declaredInterface(
  program: ts.Program,
  file: string,
  name: string,
): ts.InterfaceDeclaration {
  const source = program.getSourceFile(file)
  const found = source?.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === name,
  )
  if (found === undefined)
    throw new Error(`${relative(repoRoot, file)} declares no interface ${name}`)
  return found
}

/**
 * `@propertyNames <pattern>` on a record property: the names its keys must match. The deriver
 * does not know the tag (tools have no use for it), so it is applied here, beside the rest.
 */
function addPropertyNames(checker: ts.TypeChecker, type: ts.Type, schema: JsonSchema): void {
  const properties = schema.properties ?? {}
  for (const property of checker.getPropertiesOfType(type)) {
    const propertySchema = properties[property.name]
    if (propertySchema === undefined) continue
    const pattern = readJsDoc(property, checker).tags.find((tag) => tag.name === 'propertyNames')
    const valueType = checker.getNonNullableType(checker.getTypeOfSymbol(property))
    if (pattern !== undefined) {
      const { type: kind, ...rest } = propertySchema
      properties[property.name] = {
        ...(kind === undefined ? {} : { type: kind }),
        propertyNames: { pattern: pattern.text },
        ...rest,
      }
    }
    descend(checker, valueType, properties[property.name] ?? propertySchema)
  }
}

function descend(checker: ts.TypeChecker, type: ts.Type, schema: JsonSchema): void {
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference)
    if (item !== undefined && schema.items !== undefined) descend(checker, item, schema.items)
    return
  }
  const index = checker.getIndexInfosOfType(type)[0]
  if (index !== undefined && typeof schema.additionalProperties === 'object') {
    descend(checker, index.type, schema.additionalProperties)
  }
  if (schema.properties !== undefined) addPropertyNames(checker, type, schema)
}

/** A JSDoc's lines joined into one, paragraphs kept: the description reads the same anywhere. */
function unwrapDescriptions(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return
  const node = schema as Record<string, unknown>
  if (typeof node.description === 'string') node.description = unwrap(node.description)
  for (const [key, value] of Object.entries(node)) if (key !== 'default') unwrapDescriptions(value)
}

function unwrap(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' '))
    .join('\n\n')
}

/** The `default` of every property, nested as the config nests them. */
function defaultsOf(schema: JsonSchema): Record<string, unknown> {
  const defaults: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.default !== undefined) defaults[name] = property.default
    else if (property.properties !== undefined) {
      const nested = defaultsOf(property)
      if (Object.keys(nested).length > 0) defaults[name] = nested
    }
  }
  return defaults
}

interface EnvironmentVariable {
  name: string
  option: string
  description: string
}

/** The `OAUTH_*` variables, described by the fields of `AuthSettingsInput` they set. */
function environmentOf(
  checker: ts.TypeChecker,
  input: ts.InterfaceDeclaration,
): EnvironmentVariable[] {
  const type = checker.getTypeAtLocation(input)
  return Object.entries(AUTH_ENVIRONMENT).map(([option, name]) => {
    const property = checker.getPropertyOfType(type, option)
    if (property === undefined) throw new Error(`AuthSettingsInput has no field ${option}`)
    return { name, option, description: unwrap(readJsDoc(property, checker).text) }
  })
}

function renderReference(schema: JsonSchema, environment: EnvironmentVariable[]): string {
  const lines = [
    '# Configuration',
    '',
    `<!-- ${GENERATED} -->`,
    '',
    'A plugin is configured by the default export of `portico.config.ts`, typed by `defineConfig`:',
    '',
    '```ts',
    "import { defineConfig } from 'portico'",
    '',
    "export default defineConfig({ title: 'Notes', limits: { toolTimeoutMs: 5_000 } })",
    '```',
    '',
    'Every key is optional. A key that is not listed here, or a value out of range, stops the',
    'plugin at start with the file, the key and what is allowed. The JSON Schema of the file is',
    '`packages/portico/schemas/config.schema.json` (`urn:portico:schema:config:1`).',
    '',
  ]
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    lines.push(...renderKey(name, property, 2))
  }
  lines.push(
    '## Environment',
    '',
    'In modes `custom` and `portico-hub` the OAuth settings come from these variables under',
    '`portico dev`, `portico start` and `createFetchHandler`; a host that calls `getAuthApp` passes',
    'the same settings as options instead, checked the same way. Mode `portico-hub` honours only',
    '`OAUTH_ISSUER`.',
    '',
  )
  for (const variable of environment) {
    lines.push(
      `### \`${variable.name}\``,
      '',
      variable.description,
      '',
      `- \`getAuthApp\` option: \`${variable.option}\``,
      '',
    )
  }
  return `${lines.join('\n').trimEnd()}\n`
}

function renderKey(path: string, schema: JsonSchema, depth: number): string[] {
  const heading = '#'.repeat(Math.min(depth, 4))
  const lines = [`${heading} \`${path}\``, '']
  if (schema.description !== undefined) lines.push(schema.description, '')
  const facts = [`- Type: ${typeOf(schema)}`]
  if (schema.default !== undefined) facts.push(`- Default: \`${JSON.stringify(schema.default)}\``)
  lines.push(...facts, '')
  const objectSchema =
    schema.items ??
    (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : schema)
  const prefix =
    schema.items !== undefined ? `${path}[]` : objectSchema === schema ? path : `${path}.<name>`
  for (const [name, property] of Object.entries(objectSchema.properties ?? {})) {
    lines.push(...renderKey(`${prefix}.${name}`, property, depth + 1))
  }
  return lines
}

/** A short human form of a schema's type and constraints. */
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeOf).join(', or ')
  if (schema.enum !== undefined)
    return `one of ${schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(', ')}`
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``
  const constraints: string[] = []
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    constraints.push(`from ${schema.minimum} to ${schema.maximum}`)
  }
  if (schema.pattern !== undefined) constraints.push(`matching \`${schema.pattern}\``)
  if (schema.minItems !== undefined) constraints.push(`at least ${schema.minItems}`)
  if (schema.uniqueItems === true) constraints.push('without repeats')
  let kind = schema.minLength === 1 ? 'non-empty string' : String(schema.type)
  if (schema.type === 'array' && schema.items !== undefined)
    kind = `array of (${typeOf(schema.items)})`
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    const names = schema.propertyNames as JsonSchema | undefined
    const keys = names?.pattern === undefined ? '' : ` named by \`${names.pattern}\``
    kind = `object of entries${keys}`
  }
  return [kind, ...constraints].join(' ')
}

function formatWithBiome(text: string, kind: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome')
  const formatted = spawnSync(
    process.execPath,
    [biome, 'format', `--stdin-file-path=generated.${kind}`],
    {
      cwd: repoRoot,
      input: text,
      encoding: 'utf8',
    },
  )
  if (formatted.status !== 0) throw new Error(`biome format failed: ${formatted.stderr}`)
  return formatted.stdout
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeConfigFiles()
}
