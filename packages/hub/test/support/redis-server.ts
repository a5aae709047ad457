import { type ChildProcess, spawn } from 'node:child_process'
import { access, constants } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** Debian's path; CI installs the same package. */
const redisServerPath = '/usr/bin/redis-server'

/** A throwaway Redis server on 127.0.0.1, without persistence. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string
  port: number
  stop(): Promise<void>
  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered. */
  pause(): void
  /** Thaws a paused server (SIGCONT). */
  resume(): void
}

/** Options of `startRedisServer`. */
export interface RedisServerOptions {
  /** Makes the server require this password (`--requirepass`). */
  password?: string
}

/**
 * Starts `/usr/bin/redis-server` on a free port of 127.0.0.1 and resolves once it answers PING.
 * Rejects (the suite must fail, not skip) when redis-server is not installed.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  try {
    await access(redisServerPath, constants.X_OK)
  } catch {
    throw new Error(
      `${redisServerPath} is missing: the Redis store tests need it (apt-get install redis-server)`,
    )
  }
  // Another process may take the free port between our probe and Redis' bind: retry then.
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort()
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
    if (options.password !== undefined) args.push('--requirepass', options.password)
    const child = spawn(redisServerPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    if (await waitForPong(port, child)) {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: () => stopProcess(child),
        pause: () => void child.kill('SIGSTOP'),
        resume: () => void child.kill('SIGCONT'),
      }
    }
    await stopProcess(child)
    if (attempt === 3) throw new Error(`redis-server did not start on port ${port}:\n${output}`)
  }
}

async function findFreePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('No TCP port was assigned')
  return address.port
}

/** Polls PING for up to 2 min; `false` when the process exits first or never answers. */
async function waitForPong(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false
    if (await ping(port)) return true
    await sleep(25)
  }
  return false
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let reply = ''
    const finish = (answered: boolean) => {
      socket.destroy()
      resolve(answered)
    }
    socket.setTimeout(500, () => finish(false))
    socket.on('error', () => finish(false))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      // Any reply will do: a server with a password answers -NOAUTH, and that is up too.
      if (reply.includes('\r\n')) finish(true)
    })
  })
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A paused server acts on SIGTERM only once it runs again.
  child.kill('SIGCONT')
  child.kill('SIGTERM')
  await exited
}
