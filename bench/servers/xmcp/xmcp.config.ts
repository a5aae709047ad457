// The xmcp peer's project, built by `xmcp build` into dist/http.js (see ../xmcp.ts). The HTTP
// settings are compiled into that file: xmcp reads no PORT at run time once a config exists.
import type { XmcpConfig } from 'xmcp'

const config: XmcpConfig = {
  http: { host: '127.0.0.1', endpoint: '/mcp' },
  // The bench type-checks this folder itself (bench/tsconfig.json).
  typescript: { skipTypeCheck: true },
  paths: { prompts: false, resources: false },
  template: { name: 'bench-xmcp', description: 'Portico bench peer' },
}

export default config
