/**
 * What the `portico dev` supervisor tells a worker: load the plugin, serve at a URL (print it),
 * take a connection (its socket comes as the handle), finish the requests under way and exit.
 */
export type SupervisorMessage =
  | { type: 'load' }
  | { type: 'serve'; url: string }
  | { type: 'connection' }
  | { type: 'drain' }

/** What a worker tells its supervisor: ready to load (modules imported, sources watched), loaded. */
export type WorkerMessage = { type: 'warm' } | { type: 'loaded' }
