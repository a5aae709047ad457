// The soak's fault phase runs what docs/deploy.md ships: `portico start` replicas of a
// stateful copy of examples/notes sharing their sessions through Redis (PORTICO_REDIS_URL),
// behind nginx with deploy/nginx/portico.conf. This file starts, stops and signals those
// processes; fault-phase.ts drives the load and the faults.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createWriteStream, readFileSync } from 'node:fs'
import { chmod, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { deployNginxConf, siteConfig } from '../../packages/portico/test/scale/nginx.js'
import { freePort } from './server-process.js'

const repo = resolve(import.meta.dirname, '../..')
const cli = resolve(repo, 'packages/portico/bin/portico.js')
const notes = resolve(repo, 'examples/notes')
const nginxPath = '/usr/sbin/nginx'
const redisServerPath = '/usr/bin/redis-server'

/** Scratch files of one fault phase (plugin copy, nginx prefix, logs): gitignored. */
export async function scratchDir(): Promise<string> {
  const dir = resolve(repo, 'bench/.scratch', randomUUID())
  await mkdir(dir, { recursive: true })
  // nginx's workers run as nobody when the soak runs as root: they must reach their paths.
  await chmod(dir, 0o755)
  return dir
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => child.once('exit', () => done()))
}

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

/**
 * Copies examples/notes into `dir` (inside the repo, so that `portico` resolves), switches it to
 * stateful sessions and builds it: the plugin the replicas serve.
 */
export async function buildStatefulNotes(dir: string): Promise<string> {
  const copy = join(dir, 'notes')
  await cp(notes, copy, {
    recursive: true,
    filter: (path) => !path.includes('.portico') && !path.includes('node_modules'),
  })
  const config = await readFile(join(copy, 'portico.config.ts'), 'utf8')
  const stateful = config.replace(/^(\s*)mcp: \{$/m, "$1mcp: {\n$1  sessions: 'stateful',")
  if (stateful === config) throw new Error('examples/notes/portico.config.ts has no `mcp: {` line')
  await writeFile(join(copy, 'portico.config.ts'), stateful)
  const build = spawn(process.execPath, [cli, 'build', copy], { stdio: 'inherit' })
  await exited(build)
  if (build.exitCode !== 0) throw new Error('portico build of the stateful notes copy failed')
  return copy
}

/** A redis-server without persistence, and how to pause, resume and stop it. */
export interface RedisProcess {
  url: string
  pause(): void
  resume(): void
  stop(): Promise<void>
}

function ping(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.setTimeout(500)
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      done(data.toString().startsWith('+PONG'))
    })
    socket.once('timeout', () => {
      socket.destroy()
      done(false)
    })
    socket.once('error', () => done(false))
  })
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort()
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
  const child = spawn(redisServerPath, args, { stdio: 'ignore' })
  child.once('error', () => {})
  await waitFor(`${redisServerPath} did not answer PING`, 10_000, async () => {
    if (child.exitCode !== null) throw new Error(`${redisServerPath} exited (is it installed?)`)
    return ping(port)
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGCONT')
      child.kill('SIGTERM')
      await exited(child)
    },
  }
}

/** One `portico start` replica on a fixed port: it comes back on the same port when restarted. */
export interface Replica {
  readonly port: number
  readonly address: string
  /** The running process's pid. */
  pid(): number
  /** (Re)starts the process and resolves once its `/readyz` answers 200. */
  start(): Promise<void>
  /**
   * Sends `signal` and resolves once the process has exited: when it was seen dead (its
   * /proc state a zombie, polled at once after a SIGKILL, so that a busy event loop here does
   * not delay the moment), as `performance.now()`.
   */
  signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<number>
}

export async function createReplica(
  plugin: string,
  env: Record<string, string>,
  log: string,
): Promise<Replica> {
  const port = await freePort()
  const logStream = createWriteStream(log, { flags: 'a' })
  let child: ChildProcess | undefined
  return {
    port,
    address: `127.0.0.1:${port}`,
    pid: () => child?.pid ?? 0,
    async start() {
      const started = spawn(process.execPath, [cli, 'start', plugin], {
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PORTICO_LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      started.stdout?.pipe(logStream, { end: false })
      started.stderr?.pipe(logStream, { end: false })
      child = started
      await waitFor(`replica on port ${port} was not ready`, 30_000, async () => {
        if (started.exitCode !== null) throw new Error(`replica on port ${port} exited; see ${log}`)
        return fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        )
      })
    },
    async signal(signal) {
      if (!child) return performance.now()
      const done = exited(child)
      const pid = child.pid ?? 0
      child.kill(signal)
      let dead: number | undefined
      if (signal === 'SIGKILL') {
        const deadline = performance.now() + 1_000
        while (dead === undefined && performance.now() < deadline) {
          if (!isAlive(pid)) dead = performance.now()
        }
      }
      await done
      return dead ?? performance.now()
    },
  }
}

/** Whether a process still runs: it exists and is no zombie. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^\d+ \(.*\) [ZX]/.test(stat)
  } catch {
    return false
  }
}

/** nginx with the deploy file in front of the replicas, logging each request's soak id. */
export interface NginxProcess {
  url: string
  /** Each logged request by its `x-soak-id`: the upstreams tried and nginx's status. */
  log(): Promise<Map<string, { upstreams: string[]; status: number }>>
  stop(): Promise<void>
}

export async function startNginx(dir: string, replicas: Replica[]): Promise<NginxProcess> {
  const prefix = join(dir, 'nginx')
  await mkdir(prefix, { recursive: true })
  await chmod(prefix, 0o755)
  const port = await freePort()
  const site = siteConfig(await readFile(deployNginxConf, 'utf8'), {
    listen: `127.0.0.1:${port}`,
    replicas: replicas.map((replica) => replica.address),
  })
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : ''
  const main = `${user}daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
    log_format soak '$http_x_soak_id|$upstream_addr|$status';
    access_log ${prefix}/access.log soak;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/portico.conf;
}
`
  await writeFile(join(prefix, 'portico.conf'), site)
  await writeFile(join(prefix, 'nginx.conf'), main)
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')]
  const child = spawn(nginxPath, args, { stdio: 'ignore' })
  child.once('error', () => {})
  const url = `http://127.0.0.1:${port}`
  await waitFor('nginx did not proxy /healthz', 10_000, async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited; see ${prefix}/error.log`)
    return fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
  })
  return {
    url,
    async log() {
      const entries = new Map<string, { upstreams: string[]; status: number }>()
      const text = await readFile(join(prefix, 'access.log'), 'utf8')
      for (const line of text.split('\n')) {
        const [id, upstreams, status] = line.split('|')
        if (!id || id === '-' || upstreams === undefined) continue
        entries.set(id, {
          upstreams: upstreams.split(/\s*[,:]\s+/).filter((address) => address !== '-'),
          status: Number(status),
        })
      }
      return entries
    },
    async stop() {
      child.kill('SIGQUIT')
      await exited(child)
    },
  }
}

export async function removeScratch(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}
