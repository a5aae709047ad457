import { execFile } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { defaultPort } from '../../src/cli/listen-options.js'
import { configDefaults } from '../../src/config/config-defaults.js'
import { LIVENESS_PATH, READINESS_PATH } from '../../src/surfaces/health/health-routes.js'
import { deployNginxConf, STICKY_DIRECTIVE, siteConfig, testNginxConfig } from '../scale/nginx.js'
import {
  type BuiltPlugin,
  buildReplicaPlugin,
  type ReplicaProcess,
  startReplicas,
  stopReplicas,
} from '../scale/replicas.js'
import { freePort } from '../support/cli-process.js'

// The recipes of deploy/ are read as their tools read them (nginx checks its own file), and
// their ports, paths and timings are checked against the code, not against copies of numbers.

const exec = promisify(execFile)
const repoRoot = resolve(import.meta.dirname, '../../../..')
const deployFile = (path: string) => readFile(resolve(repoRoot, 'deploy', path), 'utf8')

/** One instruction of a Dockerfile, continuation lines joined, comments dropped. */
interface Instruction {
  keyword: string
  args: string
}

function parseDockerfile(text: string): Instruction[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
}

/** The instructions of the last stage: what the image runs. */
function finalStage(instructions: Instruction[]): Instruction[] {
  const from = instructions.findLastIndex((instruction) => instruction.keyword === 'FROM')
  return instructions.slice(from)
}

function only(stage: Instruction[], keyword: string): string {
  const found = stage.filter((instruction) => instruction.keyword === keyword)
  expect(found, keyword).toHaveLength(1)
  return (found[0] as Instruction).args
}

/** `KEY=value` pairs of ENV instructions. */
function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {}
  for (const { args } of stage.filter((instruction) => instruction.keyword === 'ENV')) {
    for (const [, key = '', value = ''] of args.matchAll(/(\w+)=(\S+)/g)) env[key] = value
  }
  return env
}

interface Container {
  ports: { name: string; containerPort: number }[]
  env: { name: string; value?: string }[]
  readinessProbe: { httpGet: { path: string; port: string } }
  livenessProbe: { httpGet: { path: string; port: string } }
  lifecycle: { preStop: { exec: { command: string[] } } }
  resources: { requests: { cpu: string } }
  securityContext: { allowPrivilegeEscalation: boolean }
}

interface Deployment {
  kind: string
  apiVersion: string
  metadata: { name: string }
  spec: {
    selector: { matchLabels: Record<string, string> }
    template: {
      metadata: { labels: Record<string, string> }
      spec: {
        terminationGracePeriodSeconds: number
        securityContext: { runAsNonRoot: boolean; runAsUser: number }
        containers: Container[]
      }
    }
  }
}

let deployment: Deployment
let container: Container

beforeAll(async () => {
  deployment = parse(await deployFile('kubernetes/deployment.yaml')) as Deployment
  container = deployment.spec.template.spec.containers[0] as Container
})

describe('deploy/nginx/portico.conf', () => {
  it('passes nginx -t with a test’s addresses in place, round robin and sticky', async () => {
    const deployed = await readFile(deployNginxConf, 'utf8')
    for (const sticky of [false, true]) {
      const site = siteConfig(deployed, {
        listen: `127.0.0.1:${await freePort()}`,
        replicas: ['127.0.0.1:4001', '127.0.0.1:4002', '127.0.0.1:4003'],
        sticky,
      })
      const upstreamOpens = site.match(/^upstream portico \{\n\s*(.*)$/m)?.[1]
      expect(upstreamOpens === STICKY_DIRECTIVE).toBe(sticky)
      expect(await testNginxConfig(site)).toMatch(/syntax is ok/)
    }
  })

  it('streams answers, keeps connections to the replicas, and documents the sticky line', async () => {
    const deployed = await readFile(deployNginxConf, 'utf8')
    for (const directive of [
      'proxy_buffering off;',
      'proxy_http_version 1.1;',
      'proxy_set_header Connection "";',
      'keepalive 32;',
      'proxy_next_upstream error timeout;',
    ]) {
      expect(deployed).toContain(directive)
    }
    const replicaPorts = [...deployed.matchAll(/^\s*server\s+[\d.]+:(\d+)\b/gm)].map(([, port]) =>
      Number(port),
    )
    expect(replicaPorts).toEqual([defaultPort, defaultPort, defaultPort])
    expect(deployed).toContain(STICKY_DIRECTIVE)
    expect(await readFile(resolve(repoRoot, 'docs/deploy.md'), 'utf8')).toContain(STICKY_DIRECTIVE)
  })
})

describe('deploy/docker/Dockerfile', () => {
  it('runs portico start as a non-root user on the default port, with a health check on liveness', async () => {
    const stage = finalStage(parseDockerfile(await deployFile('docker/Dockerfile')))
    expect(only(stage, 'USER')).not.toMatch(/^(root|0)(:|$)/)
    expect(only(stage, 'EXPOSE')).toBe(String(defaultPort))
    expect(envOf(stage)).toMatchObject({ PORT: String(defaultPort), HOST: '0.0.0.0' })
    expect(only(stage, 'STOPSIGNAL')).toBe('SIGTERM')
    const manifest = JSON.parse(
      await readFile(resolve(repoRoot, 'packages/portico/package.json'), 'utf8'),
    )
    expect(JSON.parse(only(stage, 'CMD'))).toEqual([
      'node',
      `node_modules/portico/${manifest.bin.portico.replace(/^\.\//, '')}`,
      'start',
    ])
    expect(only(stage, 'HEALTHCHECK')).toContain(LIVENESS_PATH)
  })
})

describe('deploy/kubernetes', () => {
  it('exposes the default port under one name, and probes the health paths on it', () => {
    expect(container.ports).toEqual([{ name: 'http', containerPort: defaultPort }])
    expect(container.env).toContainEqual({ name: 'PORT', value: String(defaultPort) })
    expect(container.env).toContainEqual({ name: 'HOST', value: '0.0.0.0' })
    expect(container.readinessProbe.httpGet).toEqual({ path: READINESS_PATH, port: 'http' })
    expect(container.livenessProbe.httpGet).toEqual({ path: LIVENESS_PATH, port: 'http' })
  })

  it('gives a stopping pod its preStop pause and limits.shutdownMs within the grace period', () => {
    const { command } = container.lifecycle.preStop.exec
    expect(command[0]).toBe('sleep')
    const pauseMs = Number(command[1]) * 1000
    const graceMs = deployment.spec.template.spec.terminationGracePeriodSeconds * 1000
    expect(graceMs).toBeGreaterThanOrEqual(pauseMs + configDefaults.limits.shutdownMs + 5_000)
  })

  it('runs as the image’s non-root user', () => {
    const { securityContext } = deployment.spec.template.spec
    expect(securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 })
    expect(container.securityContext.allowPrivilegeEscalation).toBe(false)
  })

  it('names only variables the code reads', async () => {
    const sources = await Promise.all(
      ['server/create-fetch-handler.ts', 'stores/connect-shared-stores.ts'].map((file) =>
        readFile(resolve(repoRoot, 'packages/portico/src', file), 'utf8'),
      ),
    )
    for (const { name } of container.env.filter((entry) => entry.name.startsWith('PORTICO_'))) {
      expect(sources.join('\n')).toContain(`env.${name}`)
    }
  })

  it('routes the Service to the pods’ named port, and scales the Deployment on CPU requests', async () => {
    const service = parse(await deployFile('kubernetes/service.yaml'))
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector)
    expect(deployment.spec.selector.matchLabels).toEqual(service.spec.selector)
    expect(service.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }])
    const hpa = parse(await deployFile('kubernetes/hpa.yaml'))
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: deployment.apiVersion,
      kind: deployment.kind,
      name: deployment.metadata.name,
    })
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2)
    expect(hpa.spec.metrics).toContainEqual(
      expect.objectContaining({ resource: expect.objectContaining({ name: 'cpu' }) }),
    )
    expect(container.resources.requests.cpu).toBeTruthy()
  })
})

describe('the probes on a real portico start', () => {
  let plugin: BuiltPlugin
  let replicas: ReplicaProcess[] = []

  beforeAll(async () => {
    plugin = await buildReplicaPlugin('stateless')
    replicas = await startReplicas(plugin.dir, 1)
  })
  afterAll(async () => {
    await stopReplicas(replicas)
    await plugin?.remove()
  })

  it('answers 200 on the paths the manifests probe', async () => {
    const [replica] = replicas as [ReplicaProcess]
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      const response = await fetch(`${replica.url}${probe.httpGet.path}`)
      expect(response.status).toBe(200)
    }
  })

  it("keeps an idle connection open longer than nginx's keepalive_timeout", async () => {
    // Whoever closes an idle keep-alive connection first must be nginx: a request it writes to a
    // connection the replica is closing is reset, and nginx never resends a POST.
    const deployed = await readFile(deployNginxConf, 'utf8')
    const upstream = /^upstream portico \{([^}]*)\}/m.exec(deployed)?.[1] ?? ''
    // nginx's default for an upstream is 60 s.
    const nginxIdleSeconds = Number(/^\s*keepalive_timeout\s+(\d+)s;/m.exec(upstream)?.[1] ?? 60)
    const [replica] = replicas as [ReplicaProcess]
    const { port, hostname } = new URL(replica.url)
    const socket = connect(Number(port), hostname)
    socket.write(`GET ${LIVENESS_PATH} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`)
    await once(socket, 'data')
    const answered = performance.now()
    socket.resume()
    await once(socket, 'close')
    expect((performance.now() - answered) / 1000).toBeGreaterThan(nginxIdleSeconds)
  })

  it("passes the Dockerfile's HEALTHCHECK when serving, and fails it when not", async () => {
    const stage = finalStage(parseDockerfile(await deployFile('docker/Dockerfile')))
    const check = JSON.parse(only(stage, 'HEALTHCHECK').replace(/^.*?CMD\s+/, '')) as string[]
    const [command, ...args] = check
    expect(command).toBe('node')
    const [replica] = replicas as [ReplicaProcess]
    const run = (port: number) =>
      exec(process.execPath, args, { env: { ...process.env, PORT: String(port) } }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      )
    expect(await run(replica.port)).toBe(0)
    expect(await run(await freePort())).toBe(1)
  })
})
