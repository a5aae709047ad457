import { progressFraction } from '../lib/rest-task.js'

/**
 * The running part of a task's view, REST's (task-progress.tsx) and MCP's
 * (mcp/mcp-task-view.tsx) alike: while it works, a progress bar (a fraction when the tool's
 * message is `<done>/<total>`) and a Cancel button; a read that failed, said. `testId` prefixes
 * the parts' test ids (`task`, `mcp-task`).
 */
export function TaskControls({
  ended,
  statusMessage,
  cancelling,
  readError,
  onCancel,
  testId,
}: {
  ended: boolean
  statusMessage: string | undefined
  cancelling: boolean
  readError: string | undefined
  onCancel: () => void
  testId: string
}) {
  const fraction = progressFraction(statusMessage)
  return (
    <>
      {!ended && (
        <progress
          class="task-bar"
          aria-label="Task progress"
          data-testid={`${testId}-bar`}
          {...(fraction ? { value: fraction.done, max: fraction.total } : {})}
        />
      )}
      {!ended && !readError && (
        <button
          type="button"
          class="ghost"
          data-testid={`${testId}-cancel`}
          // aria-disabled, not disabled: the focus stays on the button while the cancel runs.
          aria-disabled={cancelling}
          onClick={onCancel}
        >
          {cancelling ? 'Cancelling…' : 'Cancel the task'}
        </button>
      )}
      {readError && (
        <p role="alert" class="error" data-testid={`${testId}-error`}>
          The task could not be read: {readError}
        </p>
      )}
    </>
  )
}
