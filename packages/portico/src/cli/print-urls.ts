import { logger } from '../core/logger.js'
import { hostPolicyWarning, resolveHostPolicy } from '../http/host-policy.js'
import type { PluginModel } from '../model/plugin-model.js'

/** What a developer needs after start: where the plugin answers, and any unsafe setting. */
export function printUrls(url: string, model: PluginModel, listenHost: string): void {
  const tools = model.tools.length
  const servers = Object.keys(model.config.mcp.servers).map((name) => `         ${url}/mcp/${name}`)
  logger.box(
    [
      `${model.identity.title} ${model.identity.version}`,
      '',
      `Server   ${url}`,
      `REST     ${url}/api/<Class>/<method>  (${tools} tool${tools === 1 ? '' : 's'})`,
      `MCP      ${url}/mcp`,
      ...servers,
      `OpenAPI  ${url}/open-api.json`,
      `Types    ${url}/types.json`,
    ].join('\n'),
  )
  const warning = hostPolicyWarning(resolveHostPolicy(model.config.server, listenHost))
  if (warning) logger.warn(warning)
}
