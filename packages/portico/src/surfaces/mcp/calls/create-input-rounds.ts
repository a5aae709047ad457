import { randomBytes } from 'node:crypto'
import type { RequestStateCodec } from '@modelcontextprotocol/server'
import { PorticoError } from '../../../core/portico-error.js'
import type {
  PorticoAskOptions,
  PorticoElicitRequest,
  PorticoSamplingRequest,
} from '../../../core/tool-context.js'
import { invalidParams } from './mcp-call-error.js'
import { type AnswerCapabilities, refuseUndeclaredAsks } from './refuse-undeclared-asks.js'

/** One request the client must answer before the call can go on, as 2026-07-28 embeds it. */
export type InputRequest =
  | { method: 'elicitation/create'; params: PorticoElicitRequest }
  | { method: 'sampling/createMessage'; params: PorticoSamplingRequest }
  | { method: 'roots/list'; params?: Record<string, never> }

/** The 2026-07-28 answer of a call that needs input: retry with the answers and the state. */
export interface InputRequiredAnswer {
  inputRequests: Record<string, InputRequest>
  requestState: string
}

/** What a retried call brought back: the client's answers and the state it was given. */
export interface InputResume {
  inputResponses?: unknown
  requestState?: unknown
}

/** The channel members of one round: how the method asks (see {@link InputRounds.run}). */
export interface RoundChannel {
  /** Takes the function that abandons the call when its round ends. */
  onAbandon(abandon: (reason: unknown) => void): void
  elicit(request: PorticoElicitRequest, options: PorticoAskOptions | undefined): Promise<unknown>
  sample(request: PorticoSamplingRequest, options: PorticoAskOptions | undefined): Promise<unknown>
  roots(options: PorticoAskOptions | undefined): Promise<unknown>
  /**
   * Whether an ask without an answer has ended the round: the call will answer
   * `input_required`, though signing its state may take a moment yet.
   */
  ended(): boolean
  /** The client's answer to `key` from this round's state or responses, if it gave one. */
  answerOf(key: string): { answer: unknown } | undefined
}

/** What the state carries from round to round: every answer so far, bound to one call. */
interface RoundState {
  /** SHA-256 of the call's binding (method, name, arguments, caller). */
  b: string
  /** Answers by key, from every earlier round. */
  a: Record<string, unknown>
}

/** Options of {@link createInputRounds}. */
export interface InputRoundsOptions {
  /**
   * The HMAC key of `requestState` (32 characters or more), the same on every replica; a random
   * one per process when absent, which serves a flow only while one process answers it.
   */
  secret?: string
  /** How long a client may take to answer a round; default 10 minutes. */
  ttlSeconds?: number
}

/**
 * Elicitation, sampling and roots in protocol 2026-07-28, where a server cannot ask in the
 * middle of a call: the method runs, and each ask it makes takes its answer from those the
 * client has given so far, by its key (`PorticoAskOptions.key`, by default its kind and place
 * in the order of asks: `elicit-0`, `sample-1`). The first ask without an answer ends the round
 * once the method has made every ask it makes at once (`Promise.all`), and the call answers
 * `input_required` with those requests and a signed `requestState` that holds every answer so
 * far. The client retries with the new answers; the method runs again from its start and gets
 * further. So a method must make the same asks in the same order when it is run again: work
 * before an ask is repeated. An ask the client has not declared it can answer rejects, and a
 * call that fails for it answers the protocol's missing-capability error (the rule of both eras,
 * `refuseUndeclaredAsks`).
 */
export interface InputRounds {
  /**
   * Runs `invoke` once with a channel that answers from `resume`, and settles with its result,
   * or with the input the client must give. Rejects with an `McpCallError` when the state is
   * forged, expired or for another call, when the answers are malformed, or when the method
   * failed for lack of a capability.
   */
  run<T>(
    binding: string,
    resume: InputResume,
    can: AnswerCapabilities,
    invoke: (channel: RoundChannel) => Promise<T>,
  ): Promise<{ complete: T } | { inputRequired: InputRequiredAnswer }>
}

/** Why a method's signal aborts when its round ends. */
const ROUND_ENDED = 'The call needs input from the client; it runs again with the answers'

const KIND_OF = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
} as const

/** Signs `requestState` with the SDK's codec, loaded when a first round needs it. */
export function createInputRounds(options: InputRoundsOptions = {}): InputRounds {
  const key = options.secret ?? randomBytes(32).toString('base64url')
  let codec: Promise<RequestStateCodec<RoundState>> | undefined
  const codecOf = () => {
    codec ??= import('@modelcontextprotocol/server').then(({ createRequestStateCodec }) =>
      createRequestStateCodec<RoundState>({ key, ttlSeconds: options.ttlSeconds ?? 600 }),
    )
    return codec
  }

  return {
    async run(binding, resume, can, invoke) {
      const answers = await readAnswers(resume, binding, codecOf)
      let abandon: (reason: unknown) => void = () => {}
      const asked = new Map<string, InputRequest>()
      const undeclared = refuseUndeclaredAsks(can)
      let asks = 0
      let endRound: () => void = () => {}
      const roundEnded = new Promise<undefined>((resolve) => {
        endRound = () => resolve(undefined)
      })
      const ask = (request: InputRequest, askOptions: PorticoAskOptions | undefined) => {
        const askKey = askOptions?.key ?? `${KIND_OF[request.method]}-${asks}`
        asks++
        if (askKey in answers) return Promise.resolve(answers[askKey])
        const refusal = undeclared.refuse(request.method)
        if (refusal) return Promise.reject(refusal)
        if (asked.size === 0) setImmediate(endRound)
        asked.set(askKey, request)
        // Never settles: the round ends here and the method is abandoned, its signal aborted.
        return new Promise<unknown>(() => {})
      }
      const channel: RoundChannel = {
        onAbandon: (abandonCall) => {
          abandon = abandonCall
        },
        elicit: (params, askOptions) => ask({ method: 'elicitation/create', params }, askOptions),
        sample: (params, askOptions) =>
          ask({ method: 'sampling/createMessage', params }, askOptions),
        roots: (askOptions) => ask({ method: 'roots/list' }, askOptions),
        ended: () => asked.size > 0,
        answerOf: (askKey) => (askKey in answers ? { answer: answers[askKey] } : undefined),
      }
      const call = invoke(channel).then(
        (complete) => ({ complete }),
        (error: unknown) => {
          const missing = asked.size === 0 ? undeclared.failure() : undefined
          throw missing ?? error
        },
      )
      const outcome = await Promise.race([call, roundEnded])
      if (outcome) return outcome
      call.catch(() => {})
      abandon(new PorticoError('execution', ROUND_ENDED))
      const state: RoundState = { b: await sha256(binding), a: answers }
      return {
        inputRequired: {
          inputRequests: Object.fromEntries(asked),
          requestState: await (await codecOf()).mint(state),
        },
      }
    },
  }
}

/**
 * The answers of a call: those its verified state carries, and the client's new ones. Any key
 * may come without a state (a client may answer what it knows will be asked); keys nothing asks
 * for are ignored, as the spec lets a server do.
 */
async function readAnswers(
  resume: InputResume,
  binding: string,
  codecOf: () => Promise<RequestStateCodec<RoundState>>,
): Promise<Record<string, unknown>> {
  const { inputResponses, requestState } = resume
  if (inputResponses !== undefined && !isAnswerMap(inputResponses)) {
    throw invalidParams('Invalid inputResponses: an object of response objects was expected')
  }
  let earlier: Record<string, unknown> = {}
  if (requestState !== undefined) {
    if (typeof requestState !== 'string') throw invalidParams('Invalid requestState: not a string')
    let state: RoundState
    try {
      // Unbound codec: it reads no context.
      state = await (await codecOf()).verify(requestState, undefined as never)
    } catch {
      throw invalidParams(
        'Invalid requestState: it was not issued by this server, or it has expired',
      )
    }
    if (state.b !== (await sha256(binding))) {
      throw invalidParams('Invalid requestState: it was issued for another call')
    }
    earlier = state.a
  }
  return { ...earlier, ...inputResponses }
}

function isAnswerMap(value: unknown): value is Record<string, Record<string, unknown>> {
  return isObject(value) && Object.values(value).every((answer) => isObject(answer))
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Buffer.from(digest).toString('base64url')
}
