import { type ChildProcess, spawn } from 'node:child_process'
import { access, chmod, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, pollUntil } from '../support/cli-process.js'

/** Debian's path; CI installs the same package. */
const nginxPath = '/usr/sbin/nginx'

/** The nginx configuration the deploy section documents, which these suites run. */
export const deployNginxConf = resolve(import.meta.dirname, '../../../../deploy/nginx/portico.conf')

/**
 * The one line docs/deploy.md adds to the upstream for sticky sessions: each client address to
 * one replica. (nginx cannot route on `Mcp-Session-Id`: the replica that answers `initialize`
 * chooses the id, and open-source nginx cannot learn it from the response.)
 */
export const STICKY_DIRECTIVE = 'hash $remote_addr consistent;'

/** Where the upstream's replicas are in the deploy file: one `server host:port ...;` line each. */
const UPSTREAM_SERVER = /^(\s*)server\s+\S+:\d+(\s[^;]*)?;$/gm
const LISTEN = /^(\s*)listen\s+\d+;$/gm

/** Options of {@link siteConfig}. */
export interface SiteOptions {
  /** `host:port` nginx listens on. */
  listen: string
  /** `host:port` of each replica. */
  replicas: string[]
  /** Sticky routing ({@link STICKY_DIRECTIVE}) instead of round robin. */
  sticky?: boolean
  /**
   * How long a replica that refused a connection gets no request (`fail_timeout`, the deploy
   * file's 5 s otherwise): a test that restarts replicas many times waits less for each.
   */
  failTimeout?: string
}

/**
 * The deploy file with a test's addresses: its listen line and its replica lines replaced, the
 * rest as written. Throws when the file no longer has the lines it replaces.
 */
export function siteConfig(deployed: string, options: SiteOptions): string {
  const servers = deployed.match(UPSTREAM_SERVER) ?? []
  const listens = deployed.match(LISTEN) ?? []
  if (servers.length === 0 || listens.length !== 1) {
    throw new Error(`${deployNginxConf}: expected replica "server" lines and one "listen" line`)
  }
  let replaced = false
  const site = deployed
    .replace(UPSTREAM_SERVER, (_line, indent: string, parameters = '') => {
      if (replaced) return ''
      replaced = true
      const kept = options.failTimeout
        ? parameters.replace(/fail_timeout=\S+/, `fail_timeout=${options.failTimeout}`)
        : parameters
      return options.replicas.map((address) => `${indent}server ${address}${kept};`).join('\n')
    })
    .replace(LISTEN, (_line, indent: string) => `${indent}listen ${options.listen};`)
  return options.sticky
    ? site.replace(/^upstream portico \{$/m, `upstream portico {\n    ${STICKY_DIRECTIVE}`)
    : site
}

/** A running nginx: its URL, the upstream each request went to, and how to stop it. */
export interface Nginx {
  url: string
  /**
   * The replica (`host:port`, or `A, B` when nginx passed it on) that answered each POST so far,
   * in order: the calls, not the health probes. nginx logs a request after sending its answer,
   * so a client can read the log before the line of the answer it just got: this waits until
   * the log holds at least `atLeast` POSTs.
   */
  upstreams(atLeast?: number): Promise<string[]>
  stop(): Promise<void>
}

/** Fails (never skips) without nginx, naming the package to install. */
export async function requireNginx(): Promise<void> {
  try {
    await access(nginxPath, constants.X_OK)
  } catch {
    throw new Error(`${nginxPath} is missing: the scale-out suite needs it (apt-get install nginx)`)
  }
}

/**
 * Everything an nginx of a test needs in its own prefix: no root, no system path, logs and temp
 * files inside `dir`, in the foreground so the test owns the process.
 */
function mainConfig(dir: string): string {
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : ''
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
    log_format upstream '$request_method $upstream_addr';
    access_log ${dir}/access.log upstream;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/portico.conf;
}
`
}

/** Checks a site configuration with `nginx -t`, in a throwaway prefix: nginx's own verdict. */
export async function testNginxConfig(site: string): Promise<string> {
  await requireNginx()
  const dir = await preparePrefix(site)
  try {
    const child = spawn(nginxPath, nginxArgs(dir, ['-t']), { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = collect(child)
    const code = await new Promise<number | null>((done) => child.once('exit', done))
    if (code !== 0) throw new Error(`nginx -t failed:\n${output()}`)
    return output()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Starts nginx in front of `replicaPorts` on a free loopback port, with the deploy file. */
export async function startNginx(
  replicaPorts: number[],
  options: Pick<SiteOptions, 'sticky' | 'failTimeout'> = {},
): Promise<Nginx> {
  await requireNginx()
  const port = await freePort()
  const site = siteConfig(await readFile(deployNginxConf, 'utf8'), {
    listen: `127.0.0.1:${port}`,
    replicas: replicaPorts.map((replica) => `127.0.0.1:${replica}`),
    ...options,
  })
  const dir = await preparePrefix(site)
  const child = spawn(nginxPath, nginxArgs(dir), { stdio: ['ignore', 'pipe', 'pipe'] })
  const output = collect(child)
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await pollUntil(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited:\n${output()}`)
      return (await fetch(`${url}/healthz`)).status === 200 ? true : undefined
    })
  } catch (error) {
    await stop()
    throw new Error(`nginx did not proxy /healthz: ${String(error)}\n${output()}`)
  }
  return {
    url,
    upstreams: (atLeast = 0) =>
      pollUntil(async () => {
        const log = await readFile(join(dir, 'access.log'), 'utf8')
        const posts = log
          .split('\n')
          .filter((line) => line.startsWith('POST '))
          .map((line) => line.slice('POST '.length))
        return posts.length >= atLeast ? posts : undefined
      }),
    stop,
  }
}

async function preparePrefix(site: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-nginx-'))
  // nginx's workers run as nobody when the test runs as root: they must reach their temp paths.
  await chmod(dir, 0o755)
  await writeFile(join(dir, 'portico.conf'), site)
  await writeFile(join(dir, 'nginx.conf'), mainConfig(dir))
  return dir
}

function nginxArgs(dir: string, extra: string[] = []): string[] {
  // -e: the error log from the first line on, never nginx's system log.
  return ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), ...extra]
}

function collect(child: ChildProcess): () => string {
  let text = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString()
  })
  return () => text
}
