import type { Marketplace } from '../../../portico/src/surfaces/documents/build-marketplace.js'

export type { Marketplace }

/** Where every plugin serves its Claude Code marketplace (`build-marketplace.ts`). */
export const MARKETPLACE_PATH = '/.claude-plugin/marketplace.json'

/** How Claude Code installs this plugin from its own server, and whether it can from here. */
export interface ClaudePluginCommands {
  /** `claude plugin marketplace add <origin>/.claude-plugin/marketplace.json` */
  add: string
  /** `claude plugin install <plugin>@<marketplace>` */
  install: string
  /** `claude --plugin-url <origin>/plugin.zip`: the plugin for one session, no install. */
  session: string
  /** The public origin the marketplace names (that of its archive URL). */
  origin: string
  /**
   * Whether Claude Code installs the archive from this origin: `https:` and not loopback.
   * It refuses `http:` and loopback, link-local and cloud-metadata hosts.
   */
  installable: boolean
}

/** Loopback and link-local host names, as `URL.hostname` writes them. */
const LOCAL_HOST =
  /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|169\.254\.\d{1,3}\.\d{1,3}|\[fe80:.*\])$/i

/**
 * The commands for the plugin the marketplace lists, on the origin its archive entry names (the
 * server's public origin, which the page's own may not be behind a proxy).
 *
 * @example
 * claudePluginCommands(marketplace).add
 * // 'claude plugin marketplace add https://notes.example.com/.claude-plugin/marketplace.json'
 */
export function claudePluginCommands(marketplace: Marketplace): ClaudePluginCommands {
  const [entry] = marketplace.plugins
  const archive = new URL(entry.source.url)
  return {
    add: `claude plugin marketplace add ${new URL(MARKETPLACE_PATH, archive).href}`,
    install: `claude plugin install ${entry.name}@${marketplace.name}`,
    session: `claude --plugin-url ${archive.href}`,
    origin: archive.origin,
    installable: archive.protocol === 'https:' && !LOCAL_HOST.test(archive.hostname),
  }
}
