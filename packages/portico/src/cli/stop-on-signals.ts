/** Runs `stop` once on SIGINT or SIGTERM, then exits. */
export function stopOnSignals(stop: () => Promise<void> | void): void {
  let stopping = false
  const onSignal = async () => {
    if (stopping) return
    stopping = true
    await stop()
    process.exit(0)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}
