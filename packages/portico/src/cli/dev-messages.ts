/**
 * What the `portico dev` supervisor tells a worker: load the plugin, serve at a URL (print it),
 * take a connection (its socket comes as the handle), finish the requests under way and exit;
 * and whether the Portico hub it asked for answers (`error` says why not).
 */
export type SupervisorMessage =
  | { type: 'load' }
  | { type: 'hub'; error?: string }
  | { type: 'serve'; url: string }
  | { type: 'connection' }
  | { type: 'drain' }

/**
 * What a worker tells its supervisor: ready to load (modules imported, sources watched), loaded,
 * or failed to load (one line per error, before it exits); or that its plugin needs the local
 * Portico hub (the supervisor keeps it across workers).
 */
export type WorkerMessage =
  | { type: 'warm' }
  | { type: 'loaded' }
  | { type: 'failed'; errors: string[] }
  | { type: 'need-hub' }
