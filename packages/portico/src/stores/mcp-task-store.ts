/** A task's status (MCP tasks extension, SEP-2663). */
export type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** The surface a task was made on, and is read on: MCP's `tasks/get`, or REST's `/api/tasks/<id>`. */
export type TaskSurface = 'mcp' | 'rest'

/**
 * What the replica running a task writes of it: the extension's `DetailedTask`, less the
 * request's envelope, plus whose task it is. Only that replica writes it.
 */
export interface McpTaskState {
  taskId: string
  status: McpTaskStatus
  statusMessage?: string
  createdAt: string
  lastUpdatedAt: string
  ttlMs: number
  pollIntervalMs: number
  /** The caller that created it (its token subject; `''` in mode anon): only it may read it. */
  owner: string
  /** Where it was made, when not MCP (absent on MCP's tasks). */
  surface?: 'rest'
  /** The requests the task waits on, by key, while `input_required`. */
  inputRequests?: Record<string, unknown>
  /** The tool's result, once `completed`. */
  result?: Record<string, unknown>
  /** The JSON-RPC error (MCP) or problem document (REST), once `failed`. */
  error?: Record<string, unknown>
}

/** A task as any replica reads it: its state, and what other replicas asked of it. */
export interface McpTaskView {
  state: McpTaskState
  /** Whether a `tasks/cancel` was stored for it. */
  cancelRequested: boolean
  /** The `tasks/update` answers stored for it, by input request key. */
  answers: Record<string, unknown>
  /** Whether the replica running it renewed its lease in time (false once it ended). */
  leased: boolean
}

/**
 * Where tasks live, shared by the replicas when it is Redis: the replica that runs a task
 * writes its state ({@link put}) and renews its lease; any replica reads it, stores a cancel or
 * answers for it, which the running replica reads back.
 */
export interface McpTaskStore {
  /**
   * Stores a task's state, created or updated; resolves once any replica can read it. Rejects
   * when a new task does not fit (a memory store full of running tasks).
   */
  put(state: McpTaskState): Promise<void>
  get(taskId: string): Promise<McpTaskView | undefined>
  /** Notes a cancel for the running replica to read. */
  requestCancel(taskId: string): Promise<void>
  /** Adds answers for the running replica to read. */
  answer(taskId: string, answers: Record<string, unknown>): Promise<void>
  /** Holds (or renews) the running replica's lease for `ms`; `0` ends it. */
  lease(taskId: string, ms: number): Promise<void>
}

/** Whether a status is final. */
export function isTerminalStatus(status: McpTaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled'
}
