import type { LoggingMessageNotificationParams, Progress } from '@modelcontextprotocol/client'

/** What a call reported while it ran, in the order it arrived. */
export type CallEvent =
  | { seq: number; kind: 'progress'; progress: Progress }
  | { seq: number; kind: 'log'; log: LoggingMessageNotificationParams }

/**
 * A running (or ended) call's progress notifications as a bar, at the latest one, and every
 * progress and log message it sent as a list that grows while it runs. Nothing before the
 * first notification.
 */
export function CallProgress({ events, running }: { events: CallEvent[]; running: boolean }) {
  if (events.length === 0) return null
  const latest = events.findLast((event) => event.kind === 'progress')?.progress
  return (
    <div class="mcp-progress">
      {latest && (
        <label class="mcp-progress-bar">
          <span>
            {running ? 'Progress' : 'Last progress'}
            {latest.total !== undefined
              ? `: ${latest.progress} of ${latest.total}`
              : `: ${latest.progress}`}
            {latest.message && ` · ${latest.message}`}
          </span>
          {/* Without a total, the bar has no end to measure against: it shows activity only. */}
          <progress
            data-testid="mcp-progress"
            max={latest.total}
            value={latest.total === undefined ? undefined : latest.progress}
          />
        </label>
      )}
      <ol class="mcp-call-log" data-testid="mcp-call-log" aria-label="What the call reported">
        {events.map((event) =>
          event.kind === 'progress' ? (
            <li key={event.seq}>
              <span class="badge">progress</span> {event.progress.progress}
              {event.progress.total !== undefined && ` / ${event.progress.total}`}
              {event.progress.message && ` ${event.progress.message}`}
            </li>
          ) : (
            <li key={event.seq}>
              <span class="badge">{event.log.level}</span>
              {event.log.logger && <code> {event.log.logger}</code>}{' '}
              {typeof event.log.data === 'string' ? event.log.data : JSON.stringify(event.log.data)}
            </li>
          ),
        )}
      </ol>
    </div>
  )
}
