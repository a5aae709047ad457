import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs'
import { canPin, pinnedCpu } from './cpu-pinning.js'

/** How the load generator's CPU idles during the throughput rows: see {@link keepLoadCpuAwake}. */
export type LoadCpuIdle = 'poll' | 'halt'

/** The load CPU's PM QoS resume latency: `n/a` tolerates none, so its idle loop polls. */
const resumeLatency = `/sys/devices/system/cpu/cpu${pinnedCpu.load}/power/pm_qos_resume_latency_us`

const writable = (() => {
  if (!canPin) return false
  try {
    accessSync(resumeLatency, constants.W_OK)
    return true
  } catch {
    return false
  }
})()

/**
 * `BENCH_LOAD_CPU=poll|halt`; `poll` by default where the setting is writable (root on Linux).
 * The server's writes wake the load generator when it sleeps; on a virtual machine whose idle
 * CPU halts, that wake-up goes through the hypervisor and costs the writing server about 5 µs
 * of system time (perf: `sock_def_readable` to `try_to_wake_up`, under `writev`). How often the
 * generator sleeps depends on how fast the server is, so a slower server paid it on more of its
 * answers: a bare `node:http` server given k µs of extra work per request cost 1.4 to 1.6 k µs
 * more, and rows moved between machines with the hypervisor. With the load CPU polling instead
 * of halting, no wake-up needs the hypervisor, and the same k µs cost k.
 */
export const loadCpuIdle: LoadCpuIdle = (() => {
  const wanted = process.env.BENCH_LOAD_CPU
  if (wanted === 'poll' || wanted === 'halt') {
    if (wanted === 'poll' && !writable)
      throw new Error(`BENCH_LOAD_CPU=poll needs ${resumeLatency} writable (root, pinned CPUs)`)
    return wanted
  }
  if (wanted !== undefined) throw new Error(`BENCH_LOAD_CPU is "poll" or "halt", not "${wanted}"`)
  return writable ? 'poll' : 'halt'
})()

/** The bench's header line on the load CPU's idle. */
export const loadCpuIdleLine =
  loadCpuIdle === 'poll'
    ? `load CPU polls when idle during the throughput rows (${resumeLatency} n/a)`
    : `load CPU halts when idle (${writable ? 'BENCH_LOAD_CPU=halt' : `${resumeLatency} not writable`}): a slower server pays more wake-ups of the load generator, and the ratios are stretched`

/**
 * Keeps the load generator's CPU polling when idle until the returned function is called (or
 * the process ends), then puts its setting back. Nothing with `BENCH_LOAD_CPU=halt`.
 */
export function keepLoadCpuAwake(): () => void {
  if (loadCpuIdle === 'halt') return () => {}
  const before = readFileSync(resumeLatency, 'utf8').trim()
  const restore = () => writeFileSync(resumeLatency, before)
  const onSignal = (signal: NodeJS.Signals) => {
    restore()
    process.kill(process.pid, signal)
  }
  writeFileSync(resumeLatency, 'n/a')
  process.once('exit', restore)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  return () => {
    process.off('exit', restore)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    restore()
  }
}
