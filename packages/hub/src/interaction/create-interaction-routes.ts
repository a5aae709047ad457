import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { HubUser } from '../hub-users.js'
import { renderConsentPage } from '../pages/render-consent-page.js'
import { renderErrorPage } from '../pages/render-error-page.js'
import { type LoginPageModel, renderLoginPage } from '../pages/render-login-page.js'
import type { HubAccounts } from '../provider/hub-accounts.js'
import type { OidcProviderModule } from '../provider/load-oidc-provider.js'
import { sendPage } from '../server/send-page.js'
import { consentScopes } from './consent-scopes.js'
import { describeSignIn } from './describe-sign-in.js'
import { grantRequestedAccess } from './grant-requested-access.js'
import { parseTypedUser } from './parse-typed-user.js'
import { readFormBody } from './read-form-body.js'

/** The steps of a sign-in: show the page, sign in, grant scopes (when asked), cancel. */
export type InteractionStep = 'show' | 'login' | 'consent' | 'cancel'

/** Handles one step of the interaction `uid`. */
export type InteractionHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  uid: string,
  step: InteractionStep,
) => Promise<void>

/** What the interaction routes work with. */
export interface InteractionRoutesOptions {
  provider: Provider
  errors: OidcProviderModule['errors']
  accounts: HubAccounts
  users: readonly HubUser[]
  /** Whether the hub vouches for this client's name (pre-registered, or the hub's own). */
  isVouchedClient: (clientId: string) => boolean
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>

const EXPIRED = 'This sign-in has expired or is already finished. Start again from the application.'
const NOT_SIGNED_IN = 'Choose who signs in first: start again from the application.'

/**
 * The hub's sign-in (instead of oidc-provider's development pages): `GET /interaction/:uid`
 * shows the login page, `POST /interaction/:uid/login` signs in as a test user (`user`) or a
 * typed one (`username`, `name`, `orgs`) and grants what was asked in the same step, unless
 * the request asks for scopes beyond the hub's own: then it remembers who signed in and shows
 * the consent page, whose `POST /interaction/:uid/consent` grants the ticked `scope`s and
 * refuses the others. `POST /interaction/:uid/cancel` ends the request with `access_denied`.
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): InteractionHandler {
  const { provider, accounts, users } = options

  async function findInteraction(
    request: IncomingMessage,
    response: ServerResponse,
    uid: string,
  ): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request, response)
      return interaction.uid === uid ? interaction : undefined
    } catch (error) {
      if (error instanceof options.errors.SessionNotFound) return undefined
      throw error
    }
  }

  async function describe(interaction: Interaction): Promise<LoginPageModel> {
    const clientId = String(interaction.params.client_id)
    // A metadata document that stopped resolving only costs the page the client's name.
    const client = await provider.Client.find(clientId).catch(() => undefined)
    return describeSignIn(
      interaction.uid,
      interaction.params,
      {
        clientId,
        clientName: client?.clientName,
        nameVouched: options.isVouchedClient(clientId),
      },
      users,
    )
  }

  async function signIn(
    request: IncomingMessage,
    response: ServerResponse,
    interaction: Interaction,
  ): Promise<void> {
    const form = await readFormBody(request)
    if (!form.ok) {
      sendPage(response, form.status, renderErrorPage('invalid_request', form.reason))
      return
    }
    const refuse = async (error: string, typed?: LoginPageModel['typed']) => {
      const model = { ...(await describe(interaction)), error, ...(typed ? { typed } : {}) }
      sendPage(response, 400, renderLoginPage(model))
    }
    const chosen = form.fields.get('user')
    let accountId: string
    if (chosen !== null) {
      const user = users.find((candidate) => candidate.username === chosen)
      if (user === undefined) return refuse(`There is no test user "${chosen}".`)
      accountId = user.username
    } else {
      const typedForm = {
        username: form.fields.get('username') ?? '',
        name: form.fields.get('name') ?? '',
        orgs: form.fields.get('orgs') ?? '',
      }
      const typed = parseTypedUser(form.fields)
      if (!typed.ok) return refuse(typed.reason, typedForm)
      if (accounts.isTestUser(typed.user.username)) {
        return refuse(
          `"${typed.user.username}" is a test user: use its button to sign in as them.`,
          typedForm,
        )
      }
      await accounts.saveTypedUser(typed.user)
      accountId = typed.user.username
    }
    const scopes = consentScopes(interaction.params.scope)
    if (scopes.length > 0) {
      // Kept in the interaction (the hub's store), read back by the consent step.
      await provider.interactionResult(
        request,
        response,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      )
      const { signingInTo, resources } = await describe(interaction)
      const requested = typeof interaction.params.scope === 'string' ? interaction.params.scope : ''
      const alwaysGranted = requested
        .split(' ')
        .filter((name) => name !== '' && !scopes.includes(name))
      const page = renderConsentPage({
        uid: interaction.uid,
        signingInTo,
        accountId,
        scopes,
        alwaysGranted,
        resources,
      })
      sendPage(response, 200, page)
      return
    }
    await finish(request, response, interaction, accountId, new Set())
  }

  async function consent(
    request: IncomingMessage,
    response: ServerResponse,
    interaction: Interaction,
  ): Promise<void> {
    const form = await readFormBody(request)
    if (!form.ok) {
      sendPage(response, form.status, renderErrorPage('invalid_request', form.reason))
      return
    }
    const accountId = interaction.result?.login?.accountId
    if (typeof accountId !== 'string') {
      sendPage(response, 400, renderErrorPage('invalid_request', NOT_SIGNED_IN))
      return
    }
    const ticked = new Set(form.fields.getAll('scope'))
    const refused = consentScopes(interaction.params.scope).filter((scope) => !ticked.has(scope))
    await finish(request, response, interaction, accountId, new Set(refused))
  }

  async function finish(
    request: IncomingMessage,
    response: ServerResponse,
    interaction: Interaction,
    accountId: string,
    refused: ReadonlySet<string>,
  ): Promise<void> {
    const grantId = await grantRequestedAccess(provider, interaction.params, accountId, refused)
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  return async (request, response, uid, step) => {
    const interaction = await findInteraction(request, response, uid)
    if (interaction === undefined) {
      request.resume()
      sendPage(response, 400, renderErrorPage('invalid_request', EXPIRED))
      return
    }
    switch (step) {
      case 'show':
        sendPage(response, 200, renderLoginPage(await describe(interaction)))
        return
      case 'login':
        await signIn(request, response, interaction)
        return
      case 'consent':
        await consent(request, response, interaction)
        return
      case 'cancel':
        request.resume()
        await provider.interactionFinished(
          request,
          response,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        )
        return
    }
  }
}
