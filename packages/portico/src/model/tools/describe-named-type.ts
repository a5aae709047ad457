import ts from 'typescript'
import { readJsDoc } from './read-jsdoc.js'
import { isInsideRoot } from './source-location.js'

/** A type the plugin declares and names: an interface, class, enum, alias or generic instance. */
export interface NamedType {
  /** As written, with type arguments when generic (`Page<Note>`). */
  name: string
  declaration: ts.Declaration
  /** The type's own JSDoc text, when it has one. */
  description?: string
}

/**
 * The name of `type` when the plugin declares it (inside `rootDir`, not a library), else
 * `undefined`: anonymous object types, primitives, arrays and built-ins such as `Date`,
 * `Record` or `Partial` are not named types.
 */
export function describeNamedType(
  type: ts.Type,
  checker: ts.TypeChecker,
  rootDir: string,
): NamedType | undefined {
  if (type.flags & ts.TypeFlags.Boolean) return undefined
  const isEnum = (type.flags & ts.TypeFlags.EnumLiteral) !== 0 && type.isUnion()
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) && !type.isUnion()) {
    return undefined
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) return undefined

  if (type.aliasSymbol !== undefined) {
    return namedFrom(type.aliasSymbol, type.aliasTypeArguments ?? [], checker, rootDir)
  }
  if (isEnum) return namedFrom(type.symbol, [], checker, rootDir)
  if (!(type.flags & ts.TypeFlags.Object)) return undefined
  const objectFlags = (type as ts.ObjectType).objectFlags
  if (objectFlags & ts.ObjectFlags.Reference) {
    const reference = type as ts.TypeReference
    const parameterCount = reference.target.typeParameters?.length ?? 0
    const typeArguments = checker.getTypeArguments(reference).slice(0, parameterCount)
    return namedFrom(reference.target.symbol, typeArguments, checker, rootDir)
  }
  if (objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Class)) {
    return namedFrom(type.symbol, [], checker, rootDir)
  }
  return undefined
}

function namedFrom(
  symbol: ts.Symbol | undefined,
  typeArguments: readonly ts.Type[],
  checker: ts.TypeChecker,
  rootDir: string,
): NamedType | undefined {
  const declaration = symbol?.declarations?.[0]
  if (symbol === undefined || declaration === undefined) return undefined
  const sourceFile = declaration.getSourceFile()
  if (!isInsideRoot(rootDir, sourceFile.fileName)) return undefined
  const typeArgumentText = typeArguments
    .map((argument) => checker.typeToString(argument, undefined, ts.TypeFormatFlags.NoTruncation))
    .join(', ')
  const name = typeArguments.length === 0 ? symbol.name : `${symbol.name}<${typeArgumentText}>`
  const description = readJsDoc(symbol, checker).text
  return description === '' ? { name, declaration } : { name, declaration, description }
}
