import { LOOPBACK } from '../../http/host-policy.js'
import type { AuthSettings } from '../auth-settings.js'
import { clientMetadataUrl } from './login-paths.js'

/**
 * The `client_id` of the docs-site login on `origin` (spec 5.5):
 * - mode `custom`: the pre-registered `OAUTH_CLIENT_ID` when set (rule 6), else the plugin's
 *   own metadata document (CIMD);
 * - mode `portico-hub`: on a loopback origin, the hub's shared document for that port (rule 3),
 *   since an authorization server cannot fetch a document from the developer's machine; on any
 *   other origin, the plugin's own document (rule 2).
 *
 * @example
 * import { chooseClientId } from './choose-client-id.js'
 * chooseClientId({ mode: 'portico-hub', issuer: 'http://localhost:4400' }, 'http://localhost:4321')
 * // 'http://localhost:4400/clients/localhost/4321.json'
 */
export function chooseClientId(
  settings: Pick<AuthSettings, 'mode' | 'issuer' | 'clientId'>,
  origin: string,
): string {
  if (settings.mode === 'custom') return settings.clientId ?? clientMetadataUrl(origin)
  const url = new URL(origin)
  if (!LOOPBACK.test(url.hostname)) return clientMetadataUrl(origin)
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${settings.issuer.replace(/\/+$/, '')}/clients/localhost/${port}.json`
}
