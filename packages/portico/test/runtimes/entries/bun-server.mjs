// bun bun-server.mjs, in a plugin folder after `portico build`.
import { createFetchHandler } from 'portico/server'

const hostname = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 3000)
const fetch = await createFetchHandler(process.cwd(), { listenHost: hostname })
const server = Bun.serve({ hostname, port, fetch })
console.log(`Listening on ${server.url}`)
