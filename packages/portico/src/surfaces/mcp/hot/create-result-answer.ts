import { acceptsCoding } from '../../../http/content-coding.js'
import { type AnswerHeaders, withCors } from '../../../http/cors.js'
import { createGzipSplice, type GzipSplice } from '../../../http/create-gzip-splice.js'
import type { McpAnswer } from '../wire/mcp-answer.js'

/**
 * Above this size a result is kept encoded and sent as bytes, with only the request id written
 * per answer: at 10,000 tools `tools/list` is 8 MB, whose encoding cost more than the rest of
 * the answer. Below it one string is the cheapest answer.
 */
const BYTES_FROM = 64 * 1024

/**
 * Answers the same JSON-RPC result to any request id; a large one gzipped when the request's
 * `Accept-Encoding` (given) takes gzip.
 */
export type ResultAnswer = (id: string | number, acceptEncoding?: string | null) => McpAnswer

/**
 * The answers carrying one fixed result (`resultJson`, a JSON object's text), as
 * {@link resultMessage} writes them, with the JSON headers given.
 */
export function createResultAnswer(resultJson: string, headers: AnswerHeaders): ResultAnswer {
  return resultJson.length < BYTES_FROM
    ? (id) => ({ status: 200, headers, body: resultMessage(resultJson, id) })
    : bytesAnswer(Buffer.from(`{"result":${resultJson}`), headers)
}

/**
 * Answers sending `head`, encoded once, then the message's tail; the text is not kept. A client
 * that takes gzip gets the head compressed once (on its first such request) and the tail
 * spliced in (see `createGzipSplice`): 400 KB of `tools/list` travel as about 15 KB.
 */
function bytesAnswer(head: Buffer, headers: AnswerHeaders): ResultAnswer {
  let gzip: GzipSplice | undefined
  return (id, acceptEncoding) => {
    const tail = Buffer.from(messageTail(id))
    let gzipped: [Buffer, Buffer] | undefined
    if (acceptsCoding(acceptEncoding, 'gzip')) {
      gzip ??= createGzipSplice(head)
      gzipped = gzip.answer(tail)
    }
    const [first, second] = gzipped ?? [head, tail]
    return {
      status: 200,
      headers: withCors({
        ...headers,
        'content-length': String(first.byteLength + second.byteLength),
        vary: 'accept-encoding',
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      }),
      body: [first, second],
    }
  }
}

/** The JSON-RPC answer of `id` whose result is `resultJson`. */
export function resultMessage(resultJson: string, id: string | number): string {
  return `{"result":${resultJson}${messageTail(id)}`
}

function messageTail(id: string | number): string {
  return `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`
}
