import type { AuthGate } from '../auth/create-auth-gate.js'
import { logger } from '../core/logger.js'
import { createLinkHost } from '../http/create-link-host.js'
import { type HostPolicy, resolveHostPolicy } from '../http/host-policy.js'
import { localPortOf } from '../http/local-port.js'
import { type LinkHost, requestOrigin } from '../http/request-origin.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import { createMemoryNotificationBus } from '../stores/create-memory-notification-bus.js'
import { createMemoryTaskStore } from '../stores/create-memory-task-store.js'
import { createTaskRunner, type TaskRunner } from '../stores/create-task-runner.js'
import type { McpChange, McpNotificationBus } from '../stores/mcp-notification-bus.js'
import type { McpTaskStore } from '../stores/mcp-task-store.js'
import { createRestCall } from '../surfaces/rest/create-rest-call.js'
import type { RestAnswer, RestRequest } from '../surfaces/rest/rest-request.js'

/** What serving a plugin needs of its settings to make {@link ServingParts}. */
export interface ServingPartsOptions {
  dev: boolean
  /** The interface the server listens on; default `127.0.0.1`. */
  listenHost?: string
  /** Checks bearer tokens in the authenticated modes; absent in mode anon. */
  gate?: AuthGate
  /**
   * Where tasks live (`AppOptions.mcp.taskStore`) and how changes travel
   * (`AppOptions.mcp.notificationBus`); default: in memory, per process.
   */
  mcp?: { taskStore?: McpTaskStore; notificationBus?: McpNotificationBus }
}

/**
 * What the app's routes and the `node:http` edge share, made once per served plugin: which
 * `Host` and `Origin` may call tools, which host links name, a request's public origin, and
 * the REST call itself.
 */
export interface ServingParts {
  hostPolicy: HostPolicy
  linkHost: LinkHost
  /** The public origin of a Fetch request (see `requestOrigin`). */
  originOf(request: Request): string
  restCall(request: RestRequest): Promise<RestAnswer>
  /** The one task runner of the process, for MCP's tasks and REST's `respond-async` calls. */
  taskRunner: TaskRunner
  /** Where changes of resources and tasks are published and heard (MCP subscriptions). */
  notificationBus: McpNotificationBus
}

/** Makes the {@link ServingParts} of one plugin, for `assembleServer` and `createApp`. */
export function createServingParts(
  runtime: ToolRuntime,
  options: ServingPartsOptions,
): ServingParts {
  const { config } = runtime.model
  const listenHost = options.listenHost ?? '127.0.0.1'
  const hostPolicy = resolveHostPolicy(config, listenHost)
  const linkHost = createLinkHost(hostPolicy, listenHost)
  const { limits } = config
  const notificationBus = options.mcp?.notificationBus ?? createMemoryNotificationBus()
  const publish = (change: McpChange) =>
    notificationBus.publish(change).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      logger.warn(`A change of ${change.kind} was not published: ${reason}`)
    })
  const taskRunner = createTaskRunner({
    store: options.mcp?.taskStore ?? createMemoryTaskStore({ maxTasks: limits.mcpTasks }),
    ttlMs: limits.mcpTaskTtlMs,
    pollIntervalMs: limits.mcpTaskPollIntervalMs,
    onChange: (taskId) => void publish({ kind: 'task', taskId }),
  })
  runtime.setResourceNotifier((uri) => notificationBus.publish({ kind: 'resource', uri }))
  return {
    taskRunner,
    notificationBus,
    hostPolicy,
    linkHost,
    originOf: (request) => requestOrigin(request, config.server, linkHost, localPortOf(request)),
    restCall: createRestCall(runtime, {
      dev: options.dev,
      hostPolicy,
      taskRunner,
      ...(options.gate ? { gate: options.gate } : {}),
    }),
  }
}
