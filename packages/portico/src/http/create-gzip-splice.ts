import { zlibOnDemand } from './zlib-on-demand.js'

/** The gzip member header: deflate, no name or time, unknown OS (RFC 1952 § 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** A stored block holds at most this many bytes (RFC 1951 § 3.2.4). */
const STORED_BLOCK_MAX = 0xffff

/**
 * Gzip answers of a large fixed head followed by a small tail that changes per answer (a
 * JSON-RPC result and its request id): the head is compressed once, and each answer adds only
 * its tail as an uncompressed final block and the trailer (CRC-32 and length). A deflate stream
 * may end in stored blocks after a sync flush, and the CRC-32 continues from the head's, so
 * the member is one valid gzip stream that any client inflates; no answer compresses anything.
 */
export interface GzipSplice {
  /** The gzip bytes of `head` + `tail`, in two pieces; undefined for a tail over 64 KiB. */
  answer(tail: Buffer): [Buffer, Buffer] | undefined
}

/** Compresses `head` (once, here) for {@link GzipSplice} answers. */
export function createGzipSplice(head: Buffer): GzipSplice {
  const { constants, crc32, deflateRawSync } = zlibOnDemand()
  // The sync flush ends the deflate data on a byte boundary, with no final block yet.
  const compressed = Buffer.concat([
    GZIP_HEADER,
    deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
  ])
  const headCrc = crc32(head)
  return {
    answer(tail) {
      if (tail.byteLength > STORED_BLOCK_MAX) return undefined
      const end = Buffer.allocUnsafe(5 + tail.byteLength + 8)
      // A final stored block: BFINAL 1, BTYPE 00, then LEN and its one's complement.
      end[0] = 1
      end.writeUInt16LE(tail.byteLength, 1)
      end.writeUInt16LE(~tail.byteLength & 0xffff, 3)
      tail.copy(end, 5)
      end.writeUInt32LE(crc32(tail, headCrc), 5 + tail.byteLength)
      end.writeUInt32LE((head.byteLength + tail.byteLength) % 2 ** 32, 9 + tail.byteLength)
      return [compressed, end]
    },
  }
}
