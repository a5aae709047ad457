import { Writable } from 'node:stream'

/**
 * Keeps stdout for one writer: returns a stream that writes to the real stdout, and from now on
 * sends whatever else is written there to stderr. `portico stdio` speaks JSON-RPC on stdout, so
 * a tool's `console.log` or a library's notice among the messages would break the client; on
 * stderr it lands where the client shows or logs a server's output.
 */
export function divertStdout(): Writable {
  const stdout = process.stdout
  const write = stdout.write.bind(stdout)
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write
  // A write that fails (the client went away) reaches the returned stream's callback, which
  // reports it; without a listener, the same error on stdout would end the process.
  stdout.on('error', () => {})
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      write(chunk, callback)
    },
  })
}
