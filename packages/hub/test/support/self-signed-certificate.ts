import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/**
 * A throwaway P-256 certificate for `localhost` and 127.0.0.1 (or for the host name given), made
 * with the openssl CLI: the key, and the certificate that a client must be told to trust.
 */
export async function selfSignedCertificate(
  host = 'localhost',
): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-hub-cert-'))
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      host === 'localhost'
        ? 'subjectAltName=DNS:localhost,IP:127.0.0.1'
        : `subjectAltName=DNS:${host}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ])
    return {
      key: await readFile(join(dir, 'key.pem'), 'utf8'),
      cert: await readFile(join(dir, 'cert.pem'), 'utf8'),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
