import type { HubUser } from '../hub-users.js'
import type { HubStore, StoredPayload } from '../store/hub-store.js'

/** Where the hub finds who signed in: the configured test users, then the typed-in ones. */
export interface HubAccounts {
  find(username: string): Promise<HubUser | undefined>
  /** Whether `username` is one of the configured test users (typed users may not reuse them). */
  isTestUser(username: string): boolean
  /** Stores a typed-in user (without expiry), so refreshes and other replicas find it. */
  saveTypedUser(user: HubUser): Promise<void>
}

/** The accounts of one hub: `users` first, then the store's `Account` model. */
export function createHubAccounts(users: readonly HubUser[], store: HubStore): HubAccounts {
  const testUsers = new Map(users.map((user) => [user.username, user]))
  const typedUsers = store.adapter('Account')
  return {
    async find(username) {
      return testUsers.get(username) ?? userFromPayload(await typedUsers.find(username))
    },
    isTestUser: (username) => testUsers.has(username),
    async saveTypedUser(user) {
      await typedUsers.upsert(user.username, { ...user })
    },
  }
}

function userFromPayload(payload: StoredPayload | undefined): HubUser | undefined {
  if (payload === undefined || typeof payload.username !== 'string') return undefined
  const { username, name, orgs } = payload
  return {
    username,
    ...(typeof name === 'string' ? { name } : {}),
    orgs: Array.isArray(orgs) ? orgs.filter((org) => typeof org === 'string') : [],
  }
}
