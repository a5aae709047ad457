import type {
  CreateMessageRequestParams,
  ElicitRequestParams,
  LoggingMessageNotificationParams,
} from '@modelcontextprotocol/client'
import { useEffect, useRef, useState } from 'preact/hooks'
import { TaskControls } from '../components/task-controls.js'
import type { McpTask, McpTaskStatus, McpTaskWire } from './mcp-tasks.js'
import { taskEnded } from './mcp-tasks.js'
import { ToolResult } from './tool-result.js'
import '../styles/task-progress.css'

/** Where a task's input requests are answered: the console's request queue (its pane). */
interface InputAnswerer {
  elicit(params: ElicitRequestParams): Promise<unknown>
  sample(params: CreateMessageRequestParams): Promise<unknown>
  log(params: LoggingMessageNotificationParams): void
  /** Withdraws the questions still on screen. */
  cancelAll(): void
}

const STATUS_LABELS: Record<McpTaskStatus, string> = {
  working: 'Working',
  input_required: 'Waiting for your answer',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/** The least time between two reads, whatever `pollIntervalMs` says: a task is no hot loop. */
const MIN_POLL_MS = 100

/**
 * A task a `tools/call` started (the tasks extension): read with `tasks/get` every
 * `pollIntervalMs` until it ends, its status and progress announced as they change; each input
 * request it waits on is asked in the console's pane and answered with `tasks/update`; a Cancel
 * button while it runs (`tasks/cancel`); then the tool's result or the error. The look is the
 * REST task's (components/task-progress.tsx, its styles).
 */
export function McpTaskView({
  tool,
  initial,
  wire,
  answerer,
}: {
  tool: string
  initial: McpTask
  wire: McpTaskWire
  answerer: InputAnswerer
}) {
  const [task, setTask] = useState(initial)
  const [readError, setReadError] = useState<string>()
  const [cancelling, setCancelling] = useState(false)
  // The input requests already put to the person, by key: each is asked once.
  const asked = useRef(new Set<string>())
  const ended = taskEnded(task.status)
  // Read by the answers that arrive late: an ended task takes no `tasks/update`.
  const endedNow = useRef(ended)
  endedNow.current = ended
  const fail = (error: unknown) =>
    setReadError(error instanceof Error ? error.message : String(error))

  useEffect(() => {
    if (ended || readError) return
    let current = true
    const timer = setTimeout(
      () => {
        wire.get(task.taskId).then(
          (read) => current && setTask(read),
          (error: unknown) => current && fail(error),
        )
      },
      Math.max(MIN_POLL_MS, task.pollIntervalMs),
    )
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [task, readError])

  // A question the task no longer waits for is not left on screen.
  useEffect(() => {
    if (ended) answerer.cancelAll()
  }, [ended])
  useEffect(() => () => answerer.cancelAll(), [])

  useEffect(() => {
    if (task.status !== 'input_required') return
    for (const [key, request] of Object.entries(task.inputRequests ?? {})) {
      if (asked.current.has(key)) continue
      asked.current.add(key)
      const params = request.params ?? {}
      const answer =
        request.method === 'elicitation/create'
          ? answerer.elicit(params as ElicitRequestParams)
          : request.method === 'sampling/createMessage'
            ? answerer.sample(params as CreateMessageRequestParams)
            : Promise.reject(new Error(`The page cannot answer ${request.method}`))
      answer.then(
        (response) => {
          if (!endedNow.current) wire.update(task.taskId, { [key]: response }).catch(fail)
        },
        (error: unknown) =>
          answerer.log({ level: 'warning', data: `Input request ${key} not answered: ${error}` }),
      )
    }
  }, [task])

  const cancel = () => {
    if (cancelling) return
    setCancelling(true)
    wire
      .cancel(task.taskId)
      .then(() => wire.get(task.taskId))
      .then(setTask, fail)
      .finally(() => {
        setCancelling(false)
        // The button goes with the work: the focus moves to the task's heading, not the body.
        document.getElementById('mcp-task-title')?.focus()
      })
  }

  return (
    <section class="task-progress" aria-labelledby="mcp-task-title" data-testid="mcp-task">
      <h4 id="mcp-task-title" tabIndex={-1}>
        Task <code data-testid="mcp-task-id">{task.taskId}</code>
      </h4>
      <p class="muted text-small">
        <code>tasks/get</code> every {Math.max(MIN_POLL_MS, task.pollIntervalMs)} ms until it ends;{' '}
        <code>tasks/cancel</code> cancels it.
      </p>
      <div class="task-status">
        <span role="status" data-testid="mcp-task-status">
          <span class={`badge task-${task.status}`}>{STATUS_LABELS[task.status]}</span>
          {task.statusMessage && !ended && (
            <span data-testid="mcp-task-message"> {task.statusMessage}</span>
          )}
        </span>
      </div>
      <TaskControls
        ended={ended}
        statusMessage={task.statusMessage}
        cancelling={cancelling}
        readError={readError}
        onCancel={cancel}
        testId="mcp-task"
      />
      {task.status === 'completed' && task.result && (
        <ToolResult
          tool={tool}
          result={task.result}
          durationMs={Date.parse(task.lastUpdatedAt) - Date.parse(task.createdAt)}
        />
      )}
      {task.status === 'failed' && (
        <p role="alert" class="error" data-testid="mcp-task-failure">
          {task.error ? `${task.error.code}: ${task.error.message}` : 'The task failed.'}
        </p>
      )}
    </section>
  )
}
