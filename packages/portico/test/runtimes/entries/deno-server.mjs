// deno run --allow-read --allow-env --allow-net=127.0.0.1 deno-server.mjs, in a plugin folder
// after `portico build`.
import { createFetchHandler } from 'portico/server'

const hostname = Deno.env.get('HOST') ?? '127.0.0.1'
const port = Number(Deno.env.get('PORT') ?? 3000)
const fetch = await createFetchHandler(Deno.cwd(), { listenHost: hostname })
Deno.serve(
  {
    hostname,
    port,
    onListen: (at) => console.log(`Listening on http://${at.hostname}:${at.port}/`),
  },
  fetch,
)
