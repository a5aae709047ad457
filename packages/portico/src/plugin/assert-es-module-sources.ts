import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ts from 'typescript'
import { capErrorLines } from '../core/cap-error-lines.js'
import {
  type DefinitionLocation,
  formatLocation,
  PluginDefinitionError,
} from '../core/plugin-definition-error.js'

/** The CommonJS globals, and what an ES module uses instead. */
const insteadOf: Record<string, string> = {
  __dirname: 'import.meta.dirname (the folder of the compiled module, under .portico/)',
  __filename: 'import.meta.filename',
  require: 'import (or createRequire(import.meta.url) from node:module)',
  module: 'export (export class …, export const …)',
  exports: 'export (export class …, export const …)',
}

/**
 * Throws when the plugin's tool sources (`files`, paths relative to `rootDir`: the tool files
 * and the modules they import) use a CommonJS global: `__dirname`, `__filename`, `require`,
 * `module` or `exports`, or `import x = require()` / `export =`. Tools run as ES modules, where
 * these are not defined; with `@types/node` they pass the type-check and the build, and would
 * fail only when called. Every use is listed with its file and line. A file that declares the
 * name itself (`const require = createRequire(…)`) and `typeof require` are fine.
 */
export async function assertEsModuleSources(rootDir: string, files: string[]): Promise<void> {
  const uses: { location: DefinitionLocation; name: string }[] = []
  for (const file of files) {
    const text = await readFile(join(rootDir, file), 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    for (const { node, name } of findCommonJsUses(source)) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source))
      uses.push({ location: { file, line: line + 1, column: character + 1 }, name })
    }
  }
  const [first, ...rest] = uses
  if (first === undefined) return
  const problem = (name: string) =>
    `${name} is CommonJS; tools run as ES modules, where it is not defined: use ${insteadOf[name]}`
  throw new PluginDefinitionError(
    first.location,
    capErrorLines([
      problem(first.name),
      ...rest.map((use) => `${formatLocation(use.location)}: ${problem(use.name)}`),
    ]),
  )
}

function findCommonJsUses(source: ts.SourceFile): { node: ts.Node; name: string }[] {
  const declared = new Set<string>()
  const references: ts.Identifier[] = []
  const uses: { node: ts.Node; name: string }[] = []
  const visit = (node: ts.Node): void => {
    // Types, `declare` statements and `typeof x` never run as a use of the global.
    if (ts.isTypeNode(node) || ts.isTypeOfExpression(node)) return
    if (ts.isExternalModuleReference(node)) uses.push({ node, name: 'require' })
    if (ts.isExportAssignment(node) && node.isExportEquals) uses.push({ node, name: 'module' })
    if (ts.isIdentifier(node) && Object.hasOwn(insteadOf, node.text)) {
      if (isDeclarationName(node)) declared.add(node.text)
      else if (isReference(node)) references.push(node)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  for (const node of references) if (!declared.has(node.text)) uses.push({ node, name: node.text })
  return uses.sort((a, b) => a.node.getStart(source) - b.node.getStart(source))
}

/** Whether the identifier names what a declaration (variable, parameter, import…) declares. */
function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent
  return (
    (ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isImportSpecifier(parent) ||
      ts.isImportClause(parent) ||
      ts.isNamespaceImport(parent) ||
      ts.isImportEqualsDeclaration(parent)) &&
    parent.name === node
  )
}

/** Whether the identifier is read as a value (not a property name or a member's name). */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === node
  if (ts.isShorthandPropertyAssignment(parent)) return true
  if (ts.isExportSpecifier(parent) || ts.isImportSpecifier(parent)) return false
  if (ts.isQualifiedName(parent) || ts.isLabeledStatement(parent)) return false
  if (ts.isBreakOrContinueStatement(parent)) return false
  if (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) {
    return parent.name !== node
  }
  if (ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent))
    return parent.name !== node
  if (ts.isEnumMember(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent)) {
    return parent.name !== node
  }
  return !isDeclarationName(node)
}
