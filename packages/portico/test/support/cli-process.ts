import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { cp, mkdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

/** The built CLI entry, as `npx portico` runs it. */
export const cliPath = resolve(import.meta.dirname, '../../bin/portico.js')

/** A running CLI process and everything it printed so far. */
export interface CliProcess {
  child: ChildProcess
  output(): string
  /** Resolves when the printed output matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  /** Resolves with the exit code when the process ends by itself. */
  exited(): Promise<number | null>
  stop(): Promise<number | null>
}

/** Runs `portico <args>` with the environment given, collecting stdout and stderr. */
export function runCli(args: string[], env: Record<string, string> = {}): CliProcess {
  return runProcess(process.execPath, [cliPath, ...args], { env })
}

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>
  cwd?: string
}

/** Runs any command (another runtime, a server binary) as {@link runCli} runs the CLI. */
export function runProcess(
  command: string,
  args: string[],
  options: RunProcessOptions = {},
): CliProcess {
  const child = spawn(command, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...options.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const waiters = new Set<() => void>()
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8')
    for (const waiter of waiters) waiter()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return {
    child,
    output: () => text,
    waitForOutput(pattern, timeoutMs = 20_000) {
      return new Promise((done, fail) => {
        const check = () => {
          const match = text.slice(0).match(pattern)
          if (match) {
            waiters.delete(check)
            clearTimeout(timer)
            done(match)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          fail(new Error(`Timed out waiting for ${pattern}; output so far:\n${text}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    exited: () => exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/** Copies a plugin into a scratch folder inside the repository, where `portico` resolves. */
export async function copyPlugin(
  source: string,
): Promise<{ dir: string; remove(): Promise<void> }> {
  const scratch = resolve(import.meta.dirname, '../.scratch', randomUUID())
  await mkdir(scratch, { recursive: true })
  const dir = join(scratch, 'plugin')
  await cp(source, dir, {
    recursive: true,
    filter: (path) => !path.includes('.portico') && !path.includes('node_modules'),
  })
  return { dir, remove: () => rm(scratch, { recursive: true, force: true }) }
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function pollUntil<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch {
      // Not up yet: connection refused while the server (re)starts.
    }
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`)
    await new Promise((done) => setTimeout(done, everyMs))
  }
}
