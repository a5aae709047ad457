import type Provider from 'oidc-provider'
import { matchesOnAnyLoopbackPort } from './loopback-redirect-uri.js'

/**
 * Lets every client of `provider` return to its `http` loopback redirect URIs on any port
 * (RFC 8252 §7.3), as oidc-provider does only for `application_type: native`: a local program
 * (an MCP client, a CLI) gets whatever port is free. `exactOnly` names the clients that keep
 * exact matching: the hub's shared documents, one per port, whose names say which port.
 */
export function allowAnyLoopbackPort(
  provider: Provider,
  exactOnly: (clientId: string) => boolean,
): void {
  // Each provider has its own Client class, so this changes no other provider.
  const prototype = provider.Client.prototype
  const exactly = prototype.redirectUriAllowed
  prototype.redirectUriAllowed = function redirectUriAllowed(redirectUri: string): boolean {
    if (exactly.call(this, redirectUri)) return true
    return (
      !exactOnly(this.clientId) && matchesOnAnyLoopbackPort(redirectUri, this.redirectUris ?? [])
    )
  }
}
