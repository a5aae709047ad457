/** One JSDoc block tag: `@minimum 1` is `{ name: 'minimum', text: '1' }`. */
export interface JsDocTag {
  name: string
  text: string
}

/** The JSDoc of a symbol: its comment text (trimmed, '' when none) and its block tags. */
export interface JsDoc {
  text: string
  tags: JsDocTag[]
}
