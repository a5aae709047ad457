import { claudePluginCommands, type Marketplace } from '../lib/claude-plugin-commands.js'
import { CopyLine } from './code-block.js'

/**
 * The whole plugin in Claude Code (skills, agents and every MCP server) from this server's
 * marketplace: the two commands with copy buttons, and what works where. Claude Code installs
 * only from an https public origin; on a loopback `portico dev` the card says so and offers the
 * one-session `--plugin-url` instead. The page that places it loads the marketplace, so that the
 * card is drawn with the cards beside it rather than pushing them down when it arrives.
 */
export function ClaudeCodePlugin({ marketplace }: { marketplace: Marketplace }) {
  const commands = claudePluginCommands(marketplace)
  return (
    <div class="card setup-wide" data-testid="claude-code-plugin">
      <h4>Claude Code plugin</h4>
      <p class="muted text-small">
        Installs the whole plugin (its skills, agents and every MCP server) from this server's
        marketplace.
      </p>
      <CopyLine text={commands.add} what="the command that adds the marketplace" />
      <CopyLine text={commands.install} what="the command that installs the plugin" />
      {commands.installable ? (
        <p class="muted text-small">
          For one session without installing: <code>{commands.session}</code>
        </p>
      ) : (
        <>
          <p class="text-small" role="note">
            Claude Code installs a plugin only from an <code>https:</code> public origin, not from{' '}
            <code>{commands.origin}</code>: here the marketplace is added but the install is
            refused. To try the plugin for one session, load its package:
          </p>
          <CopyLine
            text={commands.session}
            what="the command that loads the plugin for a session"
          />
        </>
      )}
    </div>
  )
}
