import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, runCli } from '../support/cli-process.js'
import { type Nginx, requireNginx, startNginx } from './nginx.js'

/** The scale-out suites' plugin: `Replica_whoami` says which process answered. */
export const replicaPluginDir = resolve(import.meta.dirname, 'fixtures/replica-plugin')

/** A copy of the replica plugin, built, and how to remove it. */
export interface BuiltPlugin {
  dir: string
  remove(): Promise<void>
}

/**
 * Copies the replica plugin into a scratch folder and builds it with `portico build`: stateful
 * sessions as the fixture is written, or the stateless default.
 */
export async function buildReplicaPlugin(sessions: 'stateful' | 'stateless'): Promise<BuiltPlugin> {
  const copy = await copyPlugin(replicaPluginDir)
  if (sessions === 'stateless') {
    await writeFile(join(copy.dir, 'portico.config.ts'), "export default { title: 'Replica' }\n")
  }
  await buildPlugin(copy.dir)
  return copy
}

/** One `portico start` process of the suite. */
export interface ReplicaProcess {
  port: number
  url: string
  cli: CliProcess
}

/**
 * Starts `count` `portico start` processes of a built plugin, each on a free loopback port; if
 * one does not get ready, stops the others and rejects.
 */
export async function startReplicas(
  dir: string,
  count: number,
  env: Record<string, string> = {},
): Promise<ReplicaProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const port = await freePort()
      const cli = runCli(['start', dir], { ...env, PORT: String(port), HOST: '127.0.0.1' })
      try {
        await cli.waitForOutput(/Ready in \d+ ms/)
      } catch (error) {
        await cli.stop()
        throw error
      }
      return { port, url: `http://127.0.0.1:${port}`, cli }
    }),
  )
  const ready = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stopReplicas(ready)
    throw failed.reason
  }
  return ready
}

/** Kills a replica at once, as a crash or the OOM killer would: no shutdown of its own. */
export async function killReplica(replica: ReplicaProcess): Promise<void> {
  const exited = replica.cli.exited()
  replica.cli.child.kill('SIGKILL')
  await exited
}

/** Stops every replica still running (SIGTERM) and waits for each. */
export async function stopReplicas(replicas: ReplicaProcess[]): Promise<void> {
  await Promise.all(replicas.map((replica) => replica.cli.stop()))
}

/** Three replicas behind nginx, as a test file uses them. */
export interface ReplicaCluster {
  /** The built plugin the replicas serve. */
  readonly pluginDir: string
  readonly replicas: ReplicaProcess[]
  readonly nginx: Nginx
}

/** Options of {@link useReplicaCluster}. */
export interface ReplicaClusterOptions {
  sessions: 'stateful' | 'stateless'
  /** Sticky routing in nginx instead of round robin. */
  sticky?: boolean
  /** The replicas' environment, read when they start (after the file's earlier `beforeAll`s). */
  env?: () => Record<string, string>
}

/**
 * Three `portico start` replicas of the replica plugin behind nginx (the deploy file), for the
 * calling test file: built and started before its tests, stopped after them. Fails at once,
 * naming the package, without nginx.
 */
export function useReplicaCluster(options: ReplicaClusterOptions): ReplicaCluster {
  let plugin: BuiltPlugin | undefined
  let replicas: ReplicaProcess[] = []
  let nginx: Nginx | undefined
  beforeAll(async () => {
    await requireNginx()
    plugin = await buildReplicaPlugin(options.sessions)
    replicas = await startReplicas(plugin.dir, 3, options.env?.() ?? {})
    nginx = await startNginx(
      replicas.map((replica) => replica.port),
      options.sticky ? { sticky: true } : {},
    )
  }, 60_000)
  afterAll(async () => {
    await nginx?.stop()
    await stopReplicas(replicas)
    await plugin?.remove()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The cluster starts in beforeAll')
    return value
  }
  return {
    get pluginDir() {
      return started(plugin).dir
    },
    get replicas() {
      return replicas
    },
    get nginx() {
      return started(nginx)
    },
  }
}
