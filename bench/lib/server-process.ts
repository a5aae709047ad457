import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { pinnedCommand } from './cpu-pinning.js'
import { readProcessCpuMs } from './read-proc-cpu.js'

/** A server under test, in its own process. */
export interface ServerProcess {
  pid: number
  port: number
  origin: string
  /** Peak resident set size so far, in MiB (the kernel's high-water mark). */
  peakRssMiB(): number
  /** Resident set size now, in MiB. */
  rssMiB(): number
  /**
   * CPU time the process has used so far, user and system, in ms: all its threads, so a
   * worker pool's too (/proc/<pid>/stat). Read it before and after a window for what that
   * window cost.
   */
  cpuMs(): number
  stop(): Promise<void>
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts `<node> <args>` with PORT and HOST set, and resolves once it prints `READY <port>`.
 * The port announced is the one used: a server whose port is compiled in (xmcp) ignores PORT.
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string> = {},
  node: string = process.execPath,
): Promise<ServerProcess> {
  const port = await freePort()
  const pinned = pinnedCommand('server', node, args)
  const child = spawn(pinned.command, pinned.args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const announced = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args.join(' ')} did not start:\n${output}`)),
      30_000,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const ready = /^READY (\d+)$/m.exec(output)
      if (ready) {
        clearTimeout(timer)
        resolve(Number(ready[1]))
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`))
    })
  })
  child.removeAllListeners('exit')
  return serverHandle(child, announced)
}

/** Wraps a running child that serves on `port`. */
export function serverHandle(child: ChildProcess, port: number): ServerProcess {
  const pid = child.pid ?? 0
  return {
    pid,
    port,
    origin: `http://127.0.0.1:${port}`,
    peakRssMiB: () => readMemoryStatus(pid, 'VmHWM'),
    rssMiB: () => readMemoryStatus(pid, 'VmRSS'),
    cpuMs: () => readProcessCpuMs(pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref()
      }),
  }
}

/** A memory line of /proc/<pid>/status (VmHWM: the peak RSS; VmRSS: the RSS now), in MiB. */
function readMemoryStatus(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? 0)
  return Math.round((kib / 1024) * 10) / 10
}
