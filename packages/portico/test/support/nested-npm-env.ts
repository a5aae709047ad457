// `npm test` exports its whole config as npm_config_* (and npm_package_*, npm_lifecycle_*), which
// a nested npm reads as if given on its command line: loglevel=silent would hide the output,
// the repository's workspace settings would apply, and npm 11.19 refuses allow-scripts from there.
// Only the settings about reaching a registry pass on.
const keptNpmSettings = new Set([
  'npm_config_registry',
  'npm_config_cache',
  'npm_config_cafile',
  'npm_config_ca',
  'npm_config_cert',
  'npm_config_key',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'npm_config_http_proxy',
  'npm_config_noproxy',
  'npm_config_strict_ssl',
  'npm_config_userconfig',
  'npm_config_globalconfig',
])

/** This process's environment for a nested npm (or a tool it runs), plus `extra`. */
export function nestedNpmEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'NODE_OPTIONS') continue
    if (key.toLowerCase().startsWith('npm_') && !keptNpmSettings.has(key.toLowerCase())) continue
    env[key] = value
  }
  return { ...env, ...extra }
}
