import { request as httpRequest } from 'node:http'

/** What {@link rawRequest} got back. */
export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * A request over `node:http` to a server on 127.0.0.1, for what `fetch` cannot send: a `Host`
 * of the caller's choice, as a DNS-rebound browser or a forged request carries it.
 */
export function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const { port } = new URL(url)
  const { method, path, headers } = options
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}
