/** What a prompt name may be: the same alphabet and length as a tool id. */
export const promptNamePattern = /^[a-zA-Z0-9_-]{1,64}$/

/** What a prompt argument name may be: an identifier, so that `{{name}}` reads unambiguously. */
export const argumentNamePattern = /^[a-zA-Z_][a-zA-Z0-9_]*$/
