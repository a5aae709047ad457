// Portico as `portico start` serves the calc plugin with tracing on, every request sampled
// (OTEL_TRACES_SAMPLER=always_on): the spans go over OTLP/HTTP to a sink in this process that
// answers 200 and keeps nothing, so the row weighs what tracing costs the server, export
// included, and no collector.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { serveBuiltPlugin } from '../lib/serve-built-plugin.js'

const sink = createServer((request, response) => {
  request.resume()
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
})
await new Promise<void>((done) => sink.listen(0, '127.0.0.1', done))
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`
process.env.OTEL_TRACES_SAMPLER = 'always_on'
await serveBuiltPlugin(resolve(import.meta.dirname, '../plugins/calc'))
