import ts from 'typescript'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { isInsideRoot, locateNode } from './source-location.js'

/**
 * Throws unless a tool class can be created as the runtime creates it: once per process, with
 * no arguments. An abstract class, or a constructor (its own or a base class's) with a required
 * parameter, is refused at the class or the parameter, since every call would fail otherwise.
 */
export function assertCreatable(
  checker: ts.TypeChecker,
  declaration: ts.ClassDeclaration,
  name: string,
  rootDir: string,
): void {
  const prefix = `class ${name}: a tool class is created once per process with no arguments`
  if (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Abstract) {
    throw new PluginDefinitionError(
      locateNode(rootDir, declaration),
      `${prefix}, and an abstract class cannot be; export the concrete class (or keep the abstract one outside tools/)`,
    )
  }
  const symbol = declaration.name && checker.getSymbolAtLocation(declaration.name)
  if (symbol === undefined) return
  const signatures = checker.getTypeOfSymbolAtLocation(symbol, declaration).getConstructSignatures()
  const required = signatures.map(firstRequiredParameter)
  if (required.length === 0 || required.includes(undefined)) return
  const parameter = required[0] as ts.ParameterDeclaration
  const inside = isInsideRoot(rootDir, parameter.getSourceFile().fileName)
  throw new PluginDefinitionError(
    locateNode(rootDir, inside ? parameter : declaration),
    `${prefix}, and its constructor requires "${parameter.name.getText()}"; give each parameter a default, or, for a helper that is not a tool class, export it from a module outside tools/`,
  )
}

function firstRequiredParameter(signature: ts.Signature): ts.ParameterDeclaration | undefined {
  const declaration = signature.getDeclaration() as ts.SignatureDeclaration | undefined
  return declaration?.parameters.find(
    (parameter) =>
      parameter.questionToken === undefined &&
      parameter.initializer === undefined &&
      parameter.dotDotDotToken === undefined,
  )
}
