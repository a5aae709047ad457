/**
 * Runs `stop` on SIGINT or SIGTERM, then exits 0; a second signal while it runs exits 1 at once,
 * for a person who will not wait.
 */
export function stopOnSignals(stop: () => Promise<void> | void): void {
  let stopping = false
  const onSignal = async () => {
    if (stopping) process.exit(1)
    stopping = true
    await stop()
    process.exit(0)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
