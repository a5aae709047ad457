import type { CacheHint } from '@modelcontextprotocol/server'
import type { PluginModel } from '../../../model/plugin-model.js'

/**
 * The 2026-07-28 cache hint of list results and `server/discover`: the lists change only when
 * the model is rebuilt (in dev, on every save); answers are the same for everyone in mode anon.
 */
export function listCacheHint(model: PluginModel, dev: boolean): Required<CacheHint> {
  return {
    ttlMs: dev ? 0 : 300_000,
    cacheScope: model.config.auth === 'anon' ? 'public' : 'private',
  }
}
