import { logger } from '../core/logger.js'
import { browserCallersNote, hostPolicyWarning, resolveHostPolicy } from '../http/host-policy.js'
import type { PluginModel } from '../model/plugin-model.js'

/**
 * What a developer needs after start: where the plugin answers, and any unsafe setting. The
 * URLs are on the public origin when one is fixed (`OAUTH_RESOURCE` in mode custom, else
 * `server.publicUrl`): an MCP client accepts the metadata's resource only on its origin, so
 * `localhost` would fail where `127.0.0.1` was configured. The listening URL follows then.
 */
export function printUrls(listening: string, model: PluginModel, listenHost: string): void {
  const publicOrigin = publicOriginOf(model)
  const url = publicOrigin ?? listening
  const tools = model.tools.length
  const servers = Object.keys(model.config.mcp.servers).map((name) => `         ${url}/mcp/${name}`)
  logger.box(
    [
      `${model.identity.title} ${model.identity.version}`,
      '',
      `Server   ${url}`,
      ...(url === listening ? [] : [`Local    ${listening}`]),
      `REST     ${url}/api/<Class>/<method>  (${tools} tool${tools === 1 ? '' : 's'})`,
      `MCP      ${url}/mcp`,
      ...servers,
      `OpenAPI  ${url}/open-api.json`,
      `Types    ${url}/types.json`,
    ].join('\n'),
  )
  const policy = resolveHostPolicy(model.config, listenHost)
  logger.info(browserCallersNote(policy))
  const warning = hostPolicyWarning(policy)
  if (warning) logger.warn(warning)
}

/** The origin clients must use, when the settings fix one. */
function publicOriginOf(model: PluginModel): string | undefined {
  // Read as `resolveAuthSettings` read it at start (trimmed, empty is unset), which refused a
  // value that is not an http(s) URL.
  const resource = model.config.auth === 'custom' ? process.env.OAUTH_RESOURCE?.trim() : undefined
  if (resource && URL.canParse(resource)) return new URL(resource).origin
  return model.config.server.publicUrl ? new URL(model.config.server.publicUrl).origin : undefined
}
