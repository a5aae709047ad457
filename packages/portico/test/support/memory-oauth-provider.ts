import { randomUUID } from 'node:crypto'
import {
  DpopSession,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client'

/** Options of {@link MemoryOAuthProvider}. */
export interface MemoryOAuthProviderOptions {
  /** Never requested: the login drivers stop at the redirect to it, as a native app would. */
  redirectUrl: string
  /** Hold a DPoP key and have tokens bound to it (RFC 9449). */
  dpop?: boolean
  /** An https URL serving this client's metadata document: the SDK then uses it as client_id. */
  clientMetadataUrl?: string
}

/**
 * An MCP client's OAuth state, in memory, for the official SDK's auth flow; `dpop` exists only
 * when DPoP is wanted, `clientMetadataUrl` only when the client is identified by a CIMD URL.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  readonly redirectUrl: string
  readonly clientMetadata: OAuthClientMetadata
  readonly clientMetadataUrl?: string
  readonly expectedState = randomUUID()
  savedClient: StoredOAuthClientInformation | undefined
  savedTokens: StoredOAuthTokens | undefined
  authorizationUrl: URL | undefined
  #codeVerifier: string | undefined
  #discoveryState: OAuthDiscoveryState | undefined
  readonly dpop?: () => Promise<DpopSession>

  constructor(options: MemoryOAuthProviderOptions) {
    this.redirectUrl = options.redirectUrl
    this.clientMetadata = {
      client_name: 'Portico SDK flow test',
      redirect_uris: [options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl
    // The SDK wraps its fetch with DPoP whenever `dpop` exists, so it is left out otherwise.
    if (options.dpop) {
      const session = DpopSession.create()
      this.dpop = () => session
    }
  }

  state(): string {
    return this.expectedState
  }
  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.savedClient
  }
  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.savedClient = information
  }
  tokens(): StoredOAuthTokens | undefined {
    return this.savedTokens
  }
  saveTokens(tokens: StoredOAuthTokens): void {
    this.savedTokens = tokens
  }
  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl
  }
  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier
  }
  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new Error('No code verifier saved')
    return this.#codeVerifier
  }
  // Kept with the code verifier, so that the SDK checks the callback leg against the same
  // authorization server (SEP-2352); without them it warns on every exchange.
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discoveryState = state
  }
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discoveryState
  }
}
