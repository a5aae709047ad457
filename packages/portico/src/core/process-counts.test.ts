import { describe, expect, it } from 'vitest'
import { countTaskStatus, processCounts } from './process-counts.js'

describe('countTaskStatus', () => {
  it('moves a task from one status to the next, and counts a new one', () => {
    const before = { ...processCounts.tasks }
    countTaskStatus(undefined, 'working')
    countTaskStatus('working', 'input_required')
    countTaskStatus('input_required', 'working')
    countTaskStatus('working', 'completed')
    expect(processCounts.tasks).toEqual({
      ...before,
      completed: (before.completed ?? 0) + 1,
    })
  })
})
