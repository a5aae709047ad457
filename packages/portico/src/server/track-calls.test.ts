import { EventEmitter } from 'node:events'
import type { Server, ServerResponse } from 'node:http'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { trackCalls } from './track-calls.js'

setFlagsFromString('--expose-gc')
/** V8's full collection, reached through a fresh context once the flag is set. */
const collectGarbage = runInNewContext('gc') as () => void

const oldSpaceUsed = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0

describe('trackCalls', () => {
  it('tracks 200,000 requests without growing the old space', () => {
    const server = new EventEmitter()
    trackCalls(server as unknown as Server)
    const request = { method: 'POST' }
    // One request first, so that what the first one sets up once is not counted.
    const answer = () => {
      const response = new EventEmitter()
      server.emit('request', request, response as unknown as ServerResponse)
      response.emit('close')
    }
    answer()
    collectGarbage()
    const before = oldSpaceUsed()
    // Synchronous: no full collection can run in between unless the old space fills. A Set of
    // the requests under way grew it by about 80 bytes a request (16 MB here).
    for (let each = 0; each < 200_000; each++) answer()
    expect(oldSpaceUsed() - before).toBeLessThan(2 * 1024 * 1024)
  })
})
