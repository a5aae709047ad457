import type { PorticoConfig } from './config-types.js'

/**
 * Types the default export of `portico.config.ts`.
 *
 * @example
 * // portico.config.ts
 * import { defineConfig } from 'portico'
 * export default defineConfig({ title: 'Notes', limits: { toolTimeoutMs: 5_000 } })
 */
export function defineConfig(config: PorticoConfig): PorticoConfig {
  return config
}
