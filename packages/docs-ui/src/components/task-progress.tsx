import { useEffect, useState } from 'preact/hooks'
import { type RestCallResult, readProblem } from '../lib/rest-call.js'
import {
  hasEnded,
  RESPOND_ASYNC,
  type RestTask,
  readTask,
  requestTask,
  type TaskStatus,
} from '../lib/rest-task.js'
import '../styles/task-progress.css'
import { TaskControls } from './task-controls.js'

const STATUS_LABELS: Record<TaskStatus, string> = {
  working: 'Working',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/** The least time between two reads, whatever `pollIntervalMs` says: a task is no hot loop. */
const MIN_POLL_MS = 100

/** Seconds since `from`, as a person reads them. */
function elapsed(from: string, to: number): string {
  const seconds = Math.max(0, (to - Date.parse(from)) / 1000)
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`
}

/**
 * A task the try-it call started (`202` with `Location`): read every `pollIntervalMs` until it
 * ends, its status and the tool's progress announced as they change, a Cancel button while it
 * works (`DELETE`), then its result or its problem. A read that fails (the task expired, the
 * token was refused) stops the reading and says why.
 */
export function TaskProgress({ location, initial }: { location: string; initial: RestTask }) {
  const [task, setTask] = useState(initial)
  const [readError, setReadError] = useState<string | undefined>(undefined)
  const [cancelling, setCancelling] = useState(false)
  const [now, setNow] = useState(Date.now)
  const ended = hasEnded(task.status)

  useEffect(() => {
    if (ended || readError) return
    let current = true
    const timer = setTimeout(
      () => {
        requestTask(location, 'GET').then(
          (answer) => {
            if (!current) return
            setNow(Date.now())
            if (answer.ok) setTask(answer.task)
            else setReadError(answer.message)
          },
          (error: unknown) =>
            current && setReadError(error instanceof Error ? error.message : String(error)),
        )
      },
      Math.max(MIN_POLL_MS, task.pollIntervalMs),
    )
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [task, readError])

  const cancel = () => {
    if (cancelling) return
    setCancelling(true)
    requestTask(location, 'DELETE').then(
      (answer) => {
        if (answer.ok) setTask(answer.task)
        else setReadError(answer.message)
        setCancelling(false)
        // The button goes with the work: the focus moves to the task's heading, not the body.
        document.getElementById('task-title')?.focus()
      },
      (error: unknown) => {
        setReadError(error instanceof Error ? error.message : String(error))
        setCancelling(false)
      },
    )
  }

  const problem = task.status === 'failed' ? readProblem(task.problem) : undefined
  return (
    <section class="task-progress" aria-labelledby="task-title" data-testid="task-progress">
      <h3 id="task-title" tabIndex={-1}>
        Task
      </h3>
      <p class="muted text-small">
        <code>GET {location}</code> until it ends; <code>DELETE</code> cancels it.
      </p>
      <div class="task-status">
        {/* Announced as it changes: the status and the tool's message, not the clock. */}
        <span role="status" data-testid="task-status">
          <span class={`badge task-${task.status}`}>{STATUS_LABELS[task.status]}</span>
          {task.statusMessage && !ended && (
            <span data-testid="task-message"> {task.statusMessage}</span>
          )}
        </span>
        <span class="muted text-small">
          {ended ? 'after' : 'for'}{' '}
          {elapsed(task.createdAt, ended ? Date.parse(task.lastUpdatedAt) : now)}
        </span>
      </div>
      <TaskControls
        ended={ended}
        statusMessage={task.statusMessage}
        cancelling={cancelling}
        readError={readError}
        onCancel={cancel}
        testId="task"
      />
      {task.status === 'completed' && (
        <pre class="try-it-body" data-testid="task-result">
          <code>{JSON.stringify(task.result, null, 2)}</code>
        </pre>
      )}
      {task.status === 'failed' && (
        <>
          {problem && (
            <p role="alert" data-testid="task-problem">
              <strong>{problem.title}</strong>
              {problem.detail && `: ${problem.detail}`}
            </p>
          )}
          <pre class="try-it-body">
            <code>{JSON.stringify(task.problem, null, 2)}</code>
          </pre>
        </>
      )}
    </section>
  )
}

/**
 * The try-it form's choice of a task (`Prefer: respond-async`) for a `@task` tool: a call that
 * ends within a moment answers at once all the same.
 */
export function TaskToggle({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label class="task-toggle">
      <input
        type="checkbox"
        data-testid="try-it-as-task"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      As a task (<code>Prefer: {RESPOND_ASYNC}</code>)
    </label>
  )
}

/** The task a try-it answer started (`202` with `Location` and a task), followed live. */
export function StartedTask({ result }: { result: RestCallResult }) {
  const location = result.headers.find(([name]) => name === 'location')?.[1]
  const task = result.status === 202 ? readTask(result.json) : undefined
  if (!location || !task) return null
  return <TaskProgress key={location} location={location} initial={task} />
}
