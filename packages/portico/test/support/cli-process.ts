import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { cp, mkdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

/** The built CLI entry, as `npx portico` runs it. */
export const cliPath = resolve(import.meta.dirname, '../../bin/portico.js')

/**
 * How long a test waits for a condition (a server answering, a line printed) before it fails
 * with what it saw instead. It is not a budget: the wait ends as soon as the condition holds, so
 * a loaded machine is slower but not red. It stays below the `server` and `browser` projects'
 * test limit (see `vitest.config.ts`), so the failure names the condition, not the clock.
 */
export const PATIENCE_MS = 5 * 60_000

/** A running CLI process and everything it printed so far. */
export interface CliProcess {
  child: ChildProcess
  output(): string
  /** Resolves when the printed output matches; fails after {@link PATIENCE_MS}. */
  waitForOutput(pattern: RegExp): Promise<RegExpMatchArray>
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
    waitForOutput(pattern) {
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
        }, PATIENCE_MS)
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

/**
 * Polls every `everyMs` (default 25) until `check` returns a value; fails after
 * {@link PATIENCE_MS}, naming the last error `check` threw.
 */
export async function pollUntil<T>(
  check: () => Promise<T | undefined>,
  { everyMs = 25 }: { everyMs?: number } = {},
): Promise<T> {
  const timeoutMs = PATIENCE_MS
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      // Not up yet: connection refused while the server (re)starts.
      last = error
    }
    if (Date.now() > deadline) {
      const cause = last instanceof Error ? `; last error: ${last.message}` : ''
      throw new Error(`Condition not met within ${timeoutMs} ms${cause}`)
    }
    await new Promise((done) => setTimeout(done, everyMs))
  }
}
