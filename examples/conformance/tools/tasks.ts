import { content, PorticoError, type PorticoToolContext, type ToolContent } from 'portico'

// The fixtures of the tasks extension's scenarios (SEP-2663, `tasks-*`): each class name and
// method make the tool id the scenarios call (`slow_compute`, `failing_job`, ...), and `@name`
// gives `greet`, which has no `_` to split into a class and a method. A `@task`
// call that takes longer than `limits.mcpTaskImmediateMs` (100 ms) becomes a task; asks made
// before then go by `input_required` rounds on the call, later ones through the task.

type NoInput = Record<string, never>

function text(message: string): ToolContent {
  return content.result(content.text(message))
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

/** A form that takes either answer the scenarios give. */
const ANSWER_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, confirm: { type: 'boolean' } },
} as const

/** Greetings. */
export class Greeter {
  /**
   * Greets by name at once; never a task
   * @name greet
   */
  async greet(input: { name: string }): Promise<ToolContent> {
    return text(`Hello, ${input.name}!`)
  }
}

/** Long computations. */
export class slow {
  /**
   * Sleeps `seconds` seconds, then answers; stops when its task is cancelled
   * @task
   */
  async compute(
    input: {
      /** @minimum 0 */
      seconds: number
      label?: string
    },
    ctx: PorticoToolContext,
  ): Promise<ToolContent> {
    await ctx.progress(0, input.seconds, 'computing')
    await pause(input.seconds * 1000, ctx.signal)
    return text(`Computed ${input.label ?? 'result'} in ${input.seconds}s`)
  }
}

/** A job that fails. */
export class failing {
  /**
   * Fails with a tool error after a second; only as a task
   * @task required
   */
  async job(): Promise<ToolContent> {
    await pause(1000)
    throw new PorticoError('execution', 'The job failed')
  }
}

/** A job that crashes. */
export class protocol {
  /**
   * Crashes after a moment: a fault of the server, not a tool error
   * @task
   */
  async error_job(): Promise<ToolContent> {
    await pause(300)
    throw new TypeError('the job crashed')
  }
}

/** Deletion with a confirmation. */
export class confirm {
  /**
   * Looks the file up, then asks for a confirmation through its task
   * @task
   */
  async delete(input: { filename: string }, ctx: PorticoToolContext): Promise<ToolContent> {
    await pause(500, ctx.signal)
    const answer = await ctx.elicit(
      { message: `Delete ${input.filename}?`, requestedSchema: ANSWER_SCHEMA },
      { key: 'confirm' },
    )
    const yes = answer.action === 'accept' && answer.content.confirm === true
    return text(yes ? `Deleted ${input.filename}` : `Kept ${input.filename}`)
  }
}

/** Two questions at once. */
export class multi {
  /**
   * Asks two questions at once through its task
   * @task
   */
  async input(_input: NoInput, ctx: PorticoToolContext): Promise<ToolContent> {
    await pause(500, ctx.signal)
    const [first, second] = await Promise.all([
      ctx.elicit({ message: 'First?', requestedSchema: ANSWER_SCHEMA }, { key: 'first' }),
      ctx.elicit({ message: 'Second?', requestedSchema: ANSWER_SCHEMA }, { key: 'second' }),
    ])
    return text(`Answered ${first.action} and ${second.action}`)
  }
}
