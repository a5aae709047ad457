/** Just enough of a browser's cookie store for the hub's cookies: name, value and path. */
export class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>()

  /** Keeps the `Set-Cookie` lines of a response to `url`. */
  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      if (separator <= 0) continue
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      let path = url.pathname
      let expired = value === ''
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=', 2)
        const lower = key.toLowerCase()
        if (lower === 'path') path = attributeValue
        if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true
        if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true
      }
      const key = `${name}\n${path}`
      if (expired) this.#cookies.delete(key)
      else this.#cookies.set(key, { name, value, path })
    }
  }

  /** The `cookie` header for a request to `url`, if any cookie applies. */
  headerFor(url: URL): Record<string, string> {
    const pairs: string[] = []
    for (const { name, value, path } of this.#cookies.values()) {
      const prefix = path.endsWith('/') ? path : `${path}/`
      if (url.pathname === path || url.pathname.startsWith(prefix)) pairs.push(`${name}=${value}`)
    }
    return pairs.length > 0 ? { cookie: pairs.join('; ') } : {}
  }
}
