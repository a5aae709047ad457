import type { JsonSchema } from '../core/json-schema.js'
import { logger } from '../core/logger.js'
import type { PorticoPluginContext } from '../core/plugin-context.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { isPorticoError, PorticoError } from '../core/portico-error.js'
import type { PluginModel, ToolDefinition } from '../model/plugin-model.js'
import { type CompiledValidator, createSchemaCompiler } from './compile-validator.js'
import { reviveDates } from './revive-dates.js'
import { compileOutputShaper, type OutputShaper } from './shape-output.js'
import { createToolContentShaper } from './shape-tool-content.js'
import { withTimeout } from './with-timeout.js'

/** A tool class as a module exports it. */
export type ToolClass = new () => object

/** Tool classes by class name, as loaded from the plugin's compiled `tools/` modules. */
export type ToolClassMap = ReadonlyMap<string, ToolClass>

/** The model, ready to be called: one instance per class and one compiled validator per tool. */
export interface ToolRuntime {
  readonly model: PluginModel
  /** The tool with this id, if any. */
  findTool(toolId: string): ToolDefinition | undefined
  /**
   * The one invocation path of every surface: validates the input (filling in its defaults),
   * calls the method with the timeout of the config, and resolves with its result shaped to the
   * declared output type (plain JSON: undeclared properties dropped, dates as ISO strings, never
   * `undefined`; a `ToolContent` result as `{ content: [...blocks] }`). Rejects with a {@link PorticoError} of
   * kind `not_found`, `validation`, `timeout` or `execution` (or the kind a tool threw).
   */
  invokeTool(toolId: string, input: unknown, context?: PorticoPluginContext): Promise<unknown>
}

/** Options of {@link createToolRuntime}. */
export interface ToolRuntimeOptions {
  /**
   * Called with each unexpected tool failure (a 500 or a timeout, and a failure that comes
   * after the timeout answered); default: the server log, with the stack.
   */
  onToolError?: (toolId: string, error: unknown) => void
  /**
   * `eager` (default) compiles every input validator and output shaper now, so a schema that
   * does not compile stops the plugin before it serves; `portico build` and `portico dev` do.
   * `lazy` compiles each on the tool's first call, for a fast start of a plugin that `portico
   * build` checked.
   */
  compileValidators?: 'eager' | 'lazy'
}

interface BoundTool {
  definition: ToolDefinition
  validate: () => CompiledValidator
  shape: () => OutputShaper
  call: (input: unknown, context?: PorticoPluginContext) => unknown
}

/**
 * Prepares a model for calls: creates each class once and compiles each input validator once.
 * Throws a {@link PluginDefinitionError} when a class or method is missing or a schema does not
 * compile, so a broken plugin never starts serving.
 */
export function createToolRuntime(
  model: PluginModel,
  classes: ToolClassMap,
  options: ToolRuntimeOptions = {},
): ToolRuntime {
  const compileInput = createSchemaCompiler({ useDefaults: true })
  let outputCompiler: ((schema: JsonSchema) => CompiledValidator) | undefined
  // Most output schemas need no Ajv at all: its own instance is made on first need.
  const compileOutputCheck = (schema: JsonSchema) => {
    outputCompiler ??= createSchemaCompiler()
    return outputCompiler(schema)
  }
  const instances = new Map<string, object>()
  for (const toolClass of model.toolClasses) {
    const Constructor = classes.get(toolClass.name)
    if (!Constructor) {
      throw new PluginDefinitionError(
        { file: toolClass.file },
        `the module does not export the class ${toolClass.name}`,
      )
    }
    try {
      instances.set(toolClass.name, new Constructor())
    } catch (error) {
      throw new PluginDefinitionError(
        { file: toolClass.file },
        `new ${toolClass.name}() threw: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }

  const anonymous = model.config.auth === 'anon'
  const tools = new Map<string, BoundTool>()
  for (const definition of model.tools) {
    const instance = instances.get(definition.className) as Record<string, unknown>
    const method = instance[definition.methodName]
    if (typeof method !== 'function') {
      throw new PluginDefinitionError(
        definition.source,
        `${definition.className}.${definition.methodName} is not a method of the loaded class`,
      )
    }
    const validate = once(definition, 'input schema', () => compileInput(definition.inputSchema))
    const shape = once(definition, 'output schema', () =>
      definition.resultKind === 'content'
        ? createToolContentShaper(definition.id)
        : compileOutputShaper(definition.outputSchema, definition.id, compileOutputCheck),
    )
    if (options.compileValidators !== 'lazy') {
      validate()
      shape()
    }
    tools.set(definition.id, {
      definition,
      validate,
      shape,
      // Mode anon passes the input alone, as the interface promises.
      call: anonymous
        ? (input) => method.call(instance, input)
        : (input, context) => method.call(instance, input, context),
    })
  }

  const timeoutMs = model.config.limits.toolTimeoutMs
  const onToolError = options.onToolError ?? logToolError
  return {
    model,
    findTool: (toolId) => tools.get(toolId)?.definition,
    async invokeTool(toolId, input, context) {
      const tool = tools.get(toolId)
      if (!tool) throw new PorticoError('not_found', `No tool named ${toolId}`)
      const failures = tool.validate()(input)
      if (failures.length > 0) {
        throw new PorticoError('validation', `The input of ${toolId} is invalid`, {
          details: failures,
        })
      }
      reviveDates(input, tool.definition.inputDatePaths)
      try {
        const result = await withTimeout(
          Promise.resolve().then(() => tool.call(input, context)),
          timeoutMs,
          toolId,
          (late) => onToolError(toolId, late),
        )
        return tool.shape()(result)
      } catch (error) {
        if (isPorticoError(error)) {
          if (error.kind === 'execution' || error.kind === 'timeout') onToolError(toolId, error)
          throw error
        }
        onToolError(toolId, error)
        throw new PorticoError(
          'execution',
          `${toolId} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error, expose: false },
        )
      }
    },
  }
}

/**
 * Compiles on first use and keeps the result; a schema that does not compile is the plugin's
 * mistake, reported at the tool's source.
 */
function once<T>(definition: ToolDefinition, what: string, compile: () => T): () => T {
  let compiled: T | undefined
  return () => {
    if (compiled !== undefined) return compiled
    try {
      compiled = compile()
      return compiled
    } catch (error) {
      throw new PluginDefinitionError(
        definition.source,
        `the ${what} of ${definition.id} does not compile: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
}

/** The server log line of an unexpected tool failure: the one place its stack is kept. */
function logToolError(toolId: string, error: unknown): void {
  logger.error(`${toolId} failed:`, error)
}
