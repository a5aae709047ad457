import { describe, it } from 'vitest'
import { protocolEras } from '../support/mcp-client.js'
import { expectCallsThroughKill, expectHundredCallsByAll } from './call-many.js'
import { useReplicaCluster } from './replicas.js'

// Three `portico start` processes of a stateless plugin behind nginx (deploy/nginx/portico.conf),
// round robin: any replica answers any request, in both protocol eras.

const cluster = useReplicaCluster({ sessions: 'stateless' })

describe.each(protocolEras)('three stateless replicas behind nginx, $name', ({ mode }) => {
  it('completes tools/list and 100 tools/call with 0 errors, answered by all three', () =>
    expectHundredCallsByAll(cluster, mode))
})

describe('a stateless replica killed mid-run', () => {
  it("answers the client's next calls through the other two, with 0 errors", () =>
    expectCallsThroughKill(cluster))
})
