import type { ServerResponse } from 'node:http'
import { PAGE_HEADERS } from '../pages/html-page.js'

/** Answers with one of the hub's HTML pages (and its security headers). */
export function sendPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { ...PAGE_HEADERS, 'content-length': Buffer.byteLength(html) })
  response.end(html)
}
