import { assertScopes } from '../core/insufficient-scope-error.js'
import type { JsonSchema } from '../core/json-schema.js'
import { logger } from '../core/logger.js'
import type { PorticoCaller } from '../core/plugin-context.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { type ErrorDetail, isPorticoError, PorticoError } from '../core/portico-error.js'
import { markRequestId, newRequestId } from '../core/request-id.js'
import { measureToolCall, toolCallMeter } from '../core/tool-call-meter.js'
import type { PorticoToolContext } from '../core/tool-context.js'
import { traceHooks } from '../core/trace-hooks.js'
import type {
  PluginModel,
  PromptDefinition,
  SourceLocation,
  ToolDefinition,
} from '../model/plugin-model.js'
import {
  invalidPromptArguments,
  toArgumentDetails,
} from '../model/prompts/invalid-prompt-arguments.js'
import { renderPrompt } from '../model/prompts/render-prompt.js'
import {
  createResourceIndex,
  type ResourceMatch,
  type ResourceScope,
} from '../model/resources/resource-index.js'
import { MAX_RESOURCE_URI_LENGTH, normalizeResourceUri } from '../model/resources/resource-uri.js'
import { coerceTemplateVariables } from './coerce-template-variables.js'
import { compileOutputShaper, type OutputShaper } from './compile-output-shaper.js'
import { type CompiledValidator, createSchemaCompiler } from './compile-validator.js'
import {
  type CompileAnswerSchema,
  createCallContext,
  type ResourceNotifier,
} from './create-call-context.js'
import type { IsolatedCalls } from './create-isolated-calls.js'
import { createToolContentShaper } from './create-tool-content-shaper.js'
import { describeThrown } from './describe-thrown.js'
import { type DatePlan, planDateRevival } from './plan-date-revival.js'
import type { PrecompiledValidators } from './precompiled-validators.js'
import {
  fileContents,
  type ResourceBody,
  type ResourceContents,
  templateBody,
} from './resource-contents.js'
import { reviveDates } from './revive-dates.js'
import { type PromptMessage, toPromptMessages } from './to-prompt-messages.js'
import type { ToolChannel } from './tool-channel.js'
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
   * `undefined`; a `ToolContent` result as `{ content: [...blocks] }`). The method's context
   * holds the caller (authenticated modes) and what the surface's `channel` allows. Rejects with
   * a {@link PorticoError} of kind `not_found`, `validation`, `timeout` or `execution` (or the
   * kind a tool threw), and as soon as the channel's signal aborts.
   */
  invokeTool(
    toolId: string,
    input: unknown,
    caller?: PorticoCaller,
    channel?: ToolChannel,
  ): Promise<unknown>
  /**
   * The scopes (`@scope`) a caller's token must grant to call this tool, get this prompt or read
   * this resource URI; `undefined` when none, or nothing of that name. The surfaces that must
   * refuse before the call (MCP's HTTP 403) ask; the call itself checks them again.
   */
  requiredScopes(target: ScopedTarget): readonly string[] | undefined
  /** What `uri` names among the resources `scope` allows (default: all of the plugin's). */
  findResource(uri: string, scope?: ResourceScope): ResourceMatch | undefined
  /**
   * Reads the resource at `uri`: a file of `resources/`, else the first resource template, in
   * declaration order, whose URI template matches (among those `scope` allows). A template's
   * variables are coerced to the types its input declares and its method is called as
   * {@link invokeTool} calls a tool (validation, timeout, context, errors). Rejects with a
   * {@link PorticoError} of kind `bad_request` (no URI, or a too long one), `not_found`, or as
   * `invokeTool` does.
   */
  readResource(
    uri: string,
    caller?: PorticoCaller,
    channel?: ToolChannel,
    scope?: ResourceScope,
  ): Promise<ResourceContents>
  /**
   * The messages of a prompt: a template filled with `args`, or a method's result (a string
   * is one text message, `ToolContent` one message per block), the method called as
   * {@link invokeTool} calls a tool (validation, timeout, context, errors). Rejects with a
   * {@link PorticoError} of kind `not_found` (no such prompt), `validation` (arguments the
   * prompt refuses, each named), or as `invokeTool` does.
   */
  getPrompt(
    name: string,
    args: Record<string, unknown> | undefined,
    caller?: PorticoCaller,
    channel?: ToolChannel,
  ): Promise<PromptMessage[]>
  /**
   * Where `ctx.resourceUpdated` publishes, set by whoever serves the runtime (the serving parts'
   * change bus); until then it publishes nothing.
   */
  setResourceNotifier(notify: ResourceNotifier): void
}

/** What {@link ToolRuntime.requiredScopes} looks up: a tool, a prompt or a resource URI. */
export type ScopedTarget = { tool: string } | { prompt: string } | { uri: string }

/** Options of {@link createToolRuntime}. */
export interface ToolRuntimeOptions {
  /**
   * Called with each unexpected tool failure (a 500 or a timeout, and a failure that comes
   * after the timeout answered) and the id of its request (see `requestIdOf`), which the
   * answer quotes; default: the server log, with the stack and the id.
   */
  onToolError?: (toolId: string, error: unknown, requestId: string) => void
  /**
   * `eager` (default) compiles every input validator and output shaper now, so a schema that
   * does not compile stops the plugin before it serves; `portico build` and `portico dev` do.
   * `lazy` compiles each on the tool's first call, for a fast start of a plugin that `portico
   * build` checked.
   */
  compileValidators?: 'eager' | 'lazy'
  /** The validators `portico build` compiled: a schema found there is not compiled again. */
  precompiledValidators?: PrecompiledValidators
  /**
   * The worker pool that runs the tools when the config sets `server.isolateTools`; without it
   * they run on this thread (`portico dev` and `build`), under the same refusal of a context.
   */
  isolated?: IsolatedCalls
}

/** A method ready to be run: a tool's, a resource template's or a prompt's. */
interface BoundMethod {
  validate: () => CompiledValidator
  /** The error of an input `validate` refuses; by default "The input of <id> is invalid". */
  invalid?: (failures: ErrorDetail[]) => PorticoError
  shape: () => OutputShaper
  call: (input: unknown, context?: PorticoToolContext) => unknown
  /** Whether the method declares a context: one is made for its calls only then. */
  takesContext: boolean
  /** Where the input holds dates to revive. */
  datePlan: DatePlan | undefined
  /** The method to run in a worker of the pool, instead of `call`. */
  isolated?: { className: string; methodName: string }
  /** `@scope`: what the caller's token must grant. */
  scopes?: readonly string[]
}

/** How a bound method runs for a caller: its result, or its failure as the caller reads it. */
type RunMethod = (
  toolId: string,
  tool: BoundMethod,
  input: unknown,
  caller?: PorticoCaller,
  channel?: ToolChannel,
) => Promise<unknown>

interface BoundTool extends BoundMethod {
  definition: ToolDefinition
}

/**
 * Prepares a model for calls: creates each class once and compiles each input validator once
 * (of tools, resource templates and prompt methods).
 * Throws a {@link PluginDefinitionError} when a class or method is missing or a schema does not
 * compile, so a broken plugin never starts serving.
 */
export function createToolRuntime(
  model: PluginModel,
  classes: ToolClassMap,
  options: ToolRuntimeOptions = {},
): ToolRuntime {
  const precompiled = options.precompiledValidators
  const compileInput = createSchemaCompiler({ useDefaults: true, precompiled })
  let outputCompiler: ((schema: JsonSchema) => CompiledValidator) | undefined
  // Most output schemas need no Ajv at all: its own instance is made on first need.
  const compileOutputCheck = (schema: JsonSchema) => {
    outputCompiler ??= createSchemaCompiler({ precompiled })
    return outputCompiler(schema)
  }
  const compileAnswerSchema = cachedCompiler(
    createSchemaCompiler({ useDefaults: true, strict: false }),
  )
  const isolated = model.config.server.isolateTools ? options.isolated : undefined
  // Isolated, a class is made in each worker; here only those whose templates or prompt
  // methods run on this thread.
  const mainThreadClasses = new Set([
    ...model.resourceTemplates.map((template) => template.className),
    ...model.prompts.flatMap((prompt) => (prompt.method ? [prompt.method.className] : [])),
  ])
  const instances = new Map<string, object>()
  for (const toolClass of model.toolClasses) {
    const Constructor = classes.get(toolClass.name)
    if (!Constructor) {
      throw new PluginDefinitionError(
        { file: toolClass.file },
        `the module does not export the class ${toolClass.name}`,
      )
    }
    if (isolated && !mainThreadClasses.has(toolClass.name)) {
      instances.set(toolClass.name, Constructor.prototype as object)
      continue
    }
    try {
      instances.set(toolClass.name, new Constructor())
    } catch (error) {
      throw new PluginDefinitionError(
        { file: toolClass.file },
        `new ${toolClass.name}() threw: ${describeThrown(error)}`,
      )
    }
  }

  const bind = (definition: { className: string; methodName: string; source: SourceLocation }) => {
    const instance = instances.get(definition.className) as Record<string, unknown>
    const method = instance[definition.methodName]
    if (typeof method !== 'function') {
      throw new PluginDefinitionError(
        definition.source,
        `${definition.className}.${definition.methodName} is not a method of the loaded class`,
      )
    }
    return (input: unknown, context?: PorticoToolContext) => method.call(instance, input, context)
  }
  const tools = new Map<string, BoundTool>()
  for (const definition of model.tools) {
    if (model.config.server.isolateTools && definition.takesContext === true) {
      throw new PluginDefinitionError(
        definition.source,
        `${definition.id} takes a context, which a tool cannot have with server.isolateTools: it runs in a worker thread, and ctx (elicit, progress, signal) needs the main one`,
      )
    }
    const call = bind(definition)
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
      call,
      takesContext: definition.takesContext === true,
      ...(definition.scopes ? { scopes: definition.scopes } : {}),
      datePlan: planDateRevival(definition.inputSchema, definition.inputDatePaths),
      ...(isolated && {
        isolated: { className: definition.className, methodName: definition.methodName },
      }),
    })
  }
  const templates = new Map<string, BoundMethod>()
  for (const definition of model.resourceTemplates) {
    const validate = once(definition, 'input schema', () => compileInput(definition.inputSchema))
    if (options.compileValidators !== 'lazy') validate()
    const shape = (result: unknown) => templateBody(definition.id, result, definition.mimeType)
    templates.set(definition.id, {
      validate,
      shape: () => shape,
      call: bind(definition),
      takesContext: true,
      ...(definition.scopes ? { scopes: definition.scopes } : {}),
      datePlan: undefined,
    })
  }
  const prompts = new Map<string, PromptDefinition>()
  const promptMethods = new Map<string, BoundMethod>()
  for (const prompt of model.prompts) {
    prompts.set(prompt.name, prompt)
    if (prompt.method === undefined) continue
    const { method, name, source } = prompt
    const validate = once({ id: name, source }, 'input schema', () =>
      compileInput(method.inputSchema),
    )
    if (options.compileValidators !== 'lazy') validate()
    const shape = (result: unknown) => toPromptMessages(name, result)
    promptMethods.set(name, {
      validate,
      invalid: (failures) => invalidPromptArguments(name, toArgumentDetails(failures)),
      shape: () => shape,
      call: bind({ ...method, source }),
      takesContext: true,
      ...(prompt.scopes ? { scopes: prompt.scopes } : {}),
      datePlan: undefined,
    })
  }
  const resources = createResourceIndex(model)
  const files = new Map(model.resources.map((resource) => [resource.uri, fileContents(resource)]))

  const timeoutMs = model.config.limits.toolTimeoutMs
  let resourceNotifier: ResourceNotifier | undefined
  // One reader for every call: a context looks the notifier up only when its method notifies.
  const notifierOf = () => resourceNotifier
  const onToolError = options.onToolError ?? logToolError
  /** Refuses a call before it runs: a scope its caller lacks, an input its schema does not take. */
  const admitInput = (
    toolId: string,
    tool: BoundMethod,
    input: unknown,
    caller: PorticoCaller | undefined,
  ): void => {
    // Before anything of the input is looked at: a caller without the scope learns nothing more.
    assertScopes(toolId, tool.scopes, caller?.scopes)
    const failures = tool.validate()(input)
    if (failures.length > 0) {
      throw (
        tool.invalid?.(failures) ??
        new PorticoError('validation', `The input of ${toolId} is invalid`, { details: failures })
      )
    }
    if (tool.datePlan !== undefined) reviveDates(input, tool.datePlan)
  }
  /**
   * What a method's failure becomes: an execution error or a timeout is logged with the call's
   * request id, which its answer quotes; anything else thrown is logged and answered as an
   * execution error that shows none of it.
   */
  const failureOf = (toolId: string, error: unknown, channel?: ToolChannel): unknown => {
    if (isPorticoError(error)) {
      if (error.kind === 'execution' || error.kind === 'timeout') {
        const requestId = requestIdFor(channel)
        markRequestId(error, requestId)
        onToolError(toolId, error, requestId)
      }
      return error
    }
    const requestId = requestIdFor(channel)
    onToolError(toolId, error, requestId)
    const failure = new PorticoError('execution', `${toolId} failed: ${describeThrown(error)}`, {
      cause: error,
      expose: false,
    })
    // The answer quotes the id the log line has.
    markRequestId(failure, requestId)
    return failure
  }
  /** The one way a method runs, for tools, templates and prompts alike. */
  const run: RunMethod = async (toolId, tool, input, caller, channel) => {
    admitInput(toolId, tool, input, caller)
    const call = tool.takesContext
      ? createCallContext(toolId, caller, channel, compileAnswerSchema, notifierOf)
      : undefined
    // An isolated call's timeout ends its worker, and with it the call: nothing comes late.
    const ending = tool.isolated ? new AbortController() : undefined
    try {
      const start = () => {
        const work =
          isolated && tool.isolated
            ? isolated.call({ ...tool.isolated, input }, (ending as AbortController).signal)
            : tool.call(input, call?.context)
        return call?.cancelled ? Promise.race([work, call.cancelled]) : work
      }
      const result = await withTimeout(
        start,
        channel?.timeoutMs ?? timeoutMs,
        toolId,
        (late) => {
          if (late !== ending?.signal.reason) onToolError(toolId, late, requestIdFor(channel))
        },
        ending ? (error) => ending.abort(error) : call?.abort,
      )
      return tool.shape()(result)
    } catch (error) {
      // A call its client gave up on has no one to answer and nothing to report.
      if (call?.wasCancelled) throw error
      throw failureOf(toolId, error, channel)
    } finally {
      call?.finish()
    }
  }
  /**
   * {@link run} for a method without a context on the main thread, as most tools are: the same
   * steps and failures as promise steps, without an async function's state and turns, which
   * every such call paid for.
   */
  const runPlain: RunMethod = (toolId, tool, input, caller, channel) => {
    try {
      admitInput(toolId, tool, input, caller)
    } catch (error) {
      return Promise.reject(error)
    }
    const fail = (error: unknown): never => {
      throw failureOf(toolId, error, channel)
    }
    return withTimeout(
      () => tool.call(input),
      channel?.timeoutMs ?? timeoutMs,
      toolId,
      (late) => {
        if (late !== undefined) onToolError(toolId, late, requestIdFor(channel))
      },
    ).then((result) => {
      try {
        return tool.shape()(result)
      } catch (error) {
        return fail(error)
      }
    }, fail)
  }
  const runTool = (tool: BoundTool) => (tool.takesContext || tool.isolated ? run : runPlain)
  return {
    model,
    setResourceNotifier(notify) {
      resourceNotifier = notify
    },
    findTool: (toolId) => tools.get(toolId)?.definition,
    // Not async: returning the call's promise from an async function would cost it two more
    // turns of the microtask queue, on every tool call.
    invokeTool(toolId, input, caller, channel) {
      const tool = tools.get(toolId)
      if (!tool) return Promise.reject(new PorticoError('not_found', `No tool named ${toolId}`))
      const traced = traceHooks()
      const meter = toolCallMeter()
      // Neither way of running throws here: each answers a promise.
      const runIt = runTool(tool)
      if (!traced && !meter) return runIt(toolId, tool, input, caller, channel)
      return (async () => {
        const call = traced
          ? traced.runMethod('tool', toolId, () => runIt(toolId, tool, input, caller, channel))
          : runIt(toolId, tool, input, caller, channel)
        return meter ? measureToolCall(meter, toolId, call) : call
      })()
    },
    requiredScopes(target) {
      if ('tool' in target) return tools.get(target.tool)?.scopes
      if ('prompt' in target) return promptMethods.get(target.prompt)?.scopes
      const match = resources.find(target.uri)
      return match?.kind === 'template' ? templates.get(match.template.id)?.scopes : undefined
    },
    findResource: (uri, scope) => resources.find(uri, scope),
    async readResource(uri, caller, channel, scope) {
      const match = resources.find(uri, scope)
      if (!match) throw resourceMiss(uri)
      if (match.kind === 'file') return files.get(match.uri) as ResourceContents
      const { template, variables } = match
      const input = coerceTemplateVariables(variables, template.inputSchema)
      const bound = templates.get(template.id) as BoundMethod
      const read = () => run(template.id, bound, input, caller, channel)
      const traced = traceHooks()
      const body = (await (traced
        ? traced.runMethod('resource', template.id, read)
        : read())) as ResourceBody
      return { uri: match.uri, ...body }
    },
    async getPrompt(name, args, caller, channel) {
      const prompt = prompts.get(name)
      if (!prompt) throw new PorticoError('not_found', `No prompt named ${name}`)
      if (prompt.method === undefined) return toPromptMessages(name, renderPrompt(prompt, args))
      const bound = promptMethods.get(name) as BoundMethod
      const get = () => run(name, bound, args ?? {}, caller, channel)
      const traced = traceHooks()
      return (await (traced ? traced.runMethod('prompt', name, get) : get())) as PromptMessage[]
    },
  }
}

/** A URI no resource answers to: `not_found`, or `bad_request` when it is no URI at all. */
function resourceMiss(uri: string): PorticoError {
  if (normalizeResourceUri(uri) === undefined) {
    return new PorticoError(
      'bad_request',
      uri.length > MAX_RESOURCE_URI_LENGTH
        ? `The resource URI is longer than ${MAX_RESOURCE_URI_LENGTH} characters`
        : 'The resource URI is not a URI (scheme:…)',
    )
  }
  return new PorticoError('not_found', `No resource at ${uri}`)
}

/**
 * Compiles on first use and keeps the result; a schema that does not compile is the plugin's
 * mistake, reported at the tool's source.
 */
function once<T>(
  definition: { id: string; source: SourceLocation },
  what: string,
  compile: () => T,
): () => T {
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

/** Tools write their elicitation forms inline: the same form compiles once. */
const MAX_CACHED_ANSWER_SCHEMAS = 100

function cachedCompiler(compile: CompileAnswerSchema): CompileAnswerSchema {
  const compiled = new Map<string, CompiledValidator>()
  return (schema) => {
    const key = JSON.stringify(schema)
    let validator = compiled.get(key)
    if (!validator) {
      if (compiled.size >= MAX_CACHED_ANSWER_SCHEMAS) compiled.clear()
      validator = compile(schema)
      compiled.set(key, validator)
    }
    return validator
  }
}

/**
 * The server log line of an unexpected tool failure: the one place its stack is kept. Anything
 * but an Error is logged as words: the JSON-lines log would take a thrown plain object's keys for
 * its own fields, and fail to write one that refers to itself.
 */
function logToolError(toolId: string, error: unknown, requestId: string): void {
  if (error instanceof Error) logger.error(`${toolId} failed:`, error, { requestId })
  else
    logger.error(`${toolId} failed: it threw a non-Error value: ${describeThrown(error)}`, {
      requestId,
    })
}

/**
 * The id of the request a call serves: the surface's (`ToolChannel.requestId`), else the
 * trace's, else a new one.
 */
function requestIdFor(channel: ToolChannel | undefined): string {
  return channel?.requestId?.() ?? traceHooks()?.activeRequestId() ?? newRequestId()
}
