/**
 * `node:zlib`, loaded on its first use: a server that has compressed nothing yet (one answering
 * REST and MCP calls) has not loaded it. Node compiles the module on first load, about 1.2 ms of
 * a cold start on Node 20; `process.getBuiltinModule` keeps it after that.
 */
export function zlibOnDemand(): typeof import('node:zlib') {
  return process.getBuiltinModule('node:zlib')
}
