import ts from 'typescript'
import type { DefinitionErrorList } from '../../core/definition-error-list.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { assertCreatable } from './assert-creatable.js'
import { isInsideRoot, locateNode } from './source-location.js'

/** An exported class of a tool file and its public instance methods. */
export interface ToolClassSource {
  /** The name it is exported under, which the runtime imports it by. */
  name: string
  declaration: ts.ClassLikeDeclaration
  methods: ToolMethodSource[]
}

/** A tool method: a method declaration, or a property holding an arrow function. */
export interface ToolMethodSource {
  name: string
  /** The member's name, where the tool is located and its JSDoc read. */
  nameNode: ts.PropertyName
  /** The function: its parameters and return type make the schemas. */
  declaration: ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression
}

const HIDDEN = ts.ModifierFlags.Private | ts.ModifierFlags.Protected
const MAKE_PRIVATE = 'make it private or #private if it is not a tool'

/**
 * The tool classes one file exports: classes of the plugin's sources, declared there or
 * re-exported (under the name they are exported as). Their tools are the public instance
 * methods and arrow-function properties, own ones in source order, then those inherited from
 * the plugin's base classes (a library base class adds none). `private`, `protected` and
 * `#private` members are not tools; a public static method, accessor or other function-valued
 * property is a start-up error, so nothing public is silently left out; so is a class that
 * cannot be created with no arguments (see {@link assertCreatable}). Each such mistake goes to
 * `errors`, and the search goes on, so a file with several has them all reported at once.
 */
export function findToolClasses(
  checker: ts.TypeChecker,
  sourceFile: ts.SourceFile,
  rootDir: string,
  errors: DefinitionErrorList,
): ToolClassSource[] {
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile)
  if (moduleSymbol === undefined) return []
  const classes: ToolClassSource[] = []
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    const declaration = symbol.declarations?.find(ts.isClassDeclaration)
    if (declaration === undefined || !isInsideRoot(rootDir, declaration.getSourceFile().fileName)) {
      continue
    }
    const found = errors.run(() => {
      if (exported.name === 'default') {
        throw new PluginDefinitionError(
          locateNode(rootDir, declaration),
          'a tool class must be a named export (`export class Notes`), since its name starts each tool id',
        )
      }
      errors.run(() => assertCreatable(checker, declaration, exported.name, rootDir))
      return findToolMethods(checker, declaration, rootDir, errors)
    })
    if (found !== undefined) classes.push({ name: exported.name, declaration, methods: found })
  }
  return classes
}

function findToolMethods(
  checker: ts.TypeChecker,
  declaration: ts.ClassLikeDeclaration,
  rootDir: string,
  errors: DefinitionErrorList,
): ToolMethodSource[] {
  const methods: ToolMethodSource[] = []
  // names a subclass declares, in any form, hide the same names of its bases
  const claimed = new Set<string>()
  for (
    let current: ts.ClassLikeDeclaration | undefined = declaration;
    current !== undefined;
    current = pluginBaseClass(checker, current, rootDir)
  ) {
    const own = findOwnToolMethods(checker, current, rootDir, errors)
    methods.push(...own.filter((method) => !claimed.has(method.name)))
    for (const member of current.members) {
      if (member.name !== undefined && hasPlainName(member.name)) claimed.add(member.name.text)
    }
  }
  return methods
}

function findOwnToolMethods(
  checker: ts.TypeChecker,
  declaration: ts.ClassLikeDeclaration,
  rootDir: string,
  errors: DefinitionErrorList,
): ToolMethodSource[] {
  const methods: ToolMethodSource[] = []
  for (const member of declaration.members) {
    const method = errors.run(() => toolMethodOf(checker, declaration, member, rootDir, methods))
    if (method !== undefined) methods.push(method)
  }
  return methods
}

/**
 * The tool a class member is, or `undefined` when it is none (hidden, an overload signature, a
 * plain property); a public member that cannot be a tool is a start-up error.
 */
function toolMethodOf(
  checker: ts.TypeChecker,
  declaration: ts.ClassLikeDeclaration,
  member: ts.ClassElement,
  rootDir: string,
  methods: readonly ToolMethodSource[],
): ToolMethodSource | undefined {
  const name = member.name
  if (name === undefined || !hasPlainName(name)) return undefined
  const flags = ts.getCombinedModifierFlags(member)
  if (flags & HIDDEN) return undefined
  const fail = (problem: string): never => {
    throw new PluginDefinitionError(locateNode(rootDir, member), `"${name.text}": ${problem}`)
  }
  if (ts.isMethodDeclaration(member)) {
    if (flags & ts.ModifierFlags.Static) {
      fail(`a static method is not a tool (tools are instance methods); ${MAKE_PRIVATE}`)
    }
    // an overload's signature is not what the runtime calls: the implementation takes every
    // input the overloads allow, so its signature is the tool's
    if (member.body === undefined && hasImplementation(declaration, name.text)) return undefined
    if (methods.some((method) => method.name === name.text)) {
      throw new PluginDefinitionError(
        locateNode(rootDir, member),
        `method "${name.text}" is overloaded; a tool has one signature, so remove the overloads (or make the method private if it is not a tool)`,
      )
    }
    return { name: name.text, nameNode: name, declaration: member }
  }
  if (ts.isAccessor(member)) {
    fail(`an accessor is not a tool (a tool is a method with an input); ${MAKE_PRIVATE}`)
  }
  if (!ts.isPropertyDeclaration(member) || flags & ts.ModifierFlags.Static) return undefined
  const initializer = member.initializer && skipParentheses(member.initializer)
  if (
    initializer !== undefined &&
    (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
  ) {
    return { name: name.text, nameNode: name, declaration: initializer }
  }
  if (isCallable(checker, member)) {
    fail(
      `a function-valued property is a tool only when it is an arrow function (\`${name.text} = async (input: {…}) => …\`); ${MAKE_PRIVATE}`,
    )
  }
  return undefined
}

/** Whether `declaration` has a method named `name` with a body (overloads have none). */
function hasImplementation(declaration: ts.ClassLikeDeclaration, name: string): boolean {
  return declaration.members.some(
    (member) =>
      ts.isMethodDeclaration(member) &&
      member.body !== undefined &&
      hasPlainName(member.name) &&
      member.name.text === name,
  )
}

/** Identifier and string-literal names; computed (`[Symbol.iterator]`) and `#private` are not. */
function hasPlainName(name: ts.PropertyName): name is ts.Identifier | ts.StringLiteral {
  return ts.isIdentifier(name) || ts.isStringLiteral(name)
}

function isCallable(checker: ts.TypeChecker, member: ts.PropertyDeclaration): boolean {
  const type = checker.getNonNullableType(checker.getTypeAtLocation(member))
  return checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0
}

function skipParentheses(expression: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(expression)
    ? skipParentheses(expression.expression)
    : expression
}

/** The class `declaration` extends, when the plugin declares it (a library's adds no tools). */
function pluginBaseClass(
  checker: ts.TypeChecker,
  declaration: ts.ClassLikeDeclaration,
  rootDir: string,
): ts.ClassLikeDeclaration | undefined {
  const extended = declaration.heritageClauses?.find(
    (clause) => clause.token === ts.SyntaxKind.ExtendsKeyword,
  )?.types[0]
  if (extended === undefined) return undefined
  const base = checker
    .getTypeAtLocation(extended.expression)
    .getSymbol()
    ?.declarations?.find(ts.isClassLike)
  return base !== undefined && isInsideRoot(rootDir, base.getSourceFile().fileName)
    ? base
    : undefined
}
