import ts from 'typescript'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { locateNode } from './source-location.js'

/** An exported class of a tool file and its public instance methods, in source order. */
export interface ToolClassSource {
  /** The name it is exported under, which the runtime imports it by. */
  name: string
  declaration: ts.ClassDeclaration
  methods: ToolMethodSource[]
}

export interface ToolMethodSource {
  name: string
  declaration: ts.MethodDeclaration
}

const HIDDEN = ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static

/**
 * The tool classes of one file: the classes it declares and exports. Only methods declared in
 * the class itself count; accessors, constructors, static, `private`, `protected` and `#private`
 * methods are not tools.
 */
export function findToolClasses(
  checker: ts.TypeChecker,
  sourceFile: ts.SourceFile,
  rootDir: string,
): ToolClassSource[] {
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile)
  if (moduleSymbol === undefined) return []
  const classes: ToolClassSource[] = []
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    const declaration = symbol.declarations?.find(ts.isClassDeclaration)
    if (declaration === undefined || declaration.getSourceFile() !== sourceFile) continue
    if (exported.name === 'default') {
      throw new PluginDefinitionError(
        locateNode(rootDir, declaration),
        'a tool class must be a named export (`export class Notes`), since its name starts each tool id',
      )
    }
    classes.push({
      name: exported.name,
      declaration,
      methods: findToolMethods(declaration, rootDir),
    })
  }
  return classes
}

function findToolMethods(declaration: ts.ClassDeclaration, rootDir: string): ToolMethodSource[] {
  const methods: ToolMethodSource[] = []
  for (const member of declaration.members) {
    if (!ts.isMethodDeclaration(member)) continue
    if (ts.getCombinedModifierFlags(member) & HIDDEN) continue
    const name = member.name
    if (!ts.isIdentifier(name) && !ts.isStringLiteral(name)) continue
    if (methods.some((method) => method.name === name.text)) {
      throw new PluginDefinitionError(
        locateNode(rootDir, member),
        `method "${name.text}" is overloaded; a tool has one signature, so remove the overloads (or make the method private if it is not a tool)`,
      )
    }
    methods.push({ name: name.text, declaration: member })
  }
  return methods
}
