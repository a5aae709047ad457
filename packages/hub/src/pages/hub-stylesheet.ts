/** The one stylesheet of the hub's pages: system fonts, nothing fetched. */
export const HUB_STYLESHEET = `
:root { color-scheme: light dark; --accent: #3552c8; --muted: #667; --warn: #8a5a00; --warn-bg: #fff4d6; --line: #d5d8e0; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 34rem; margin: 2.5rem auto; padding: 0 1.25rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
p, dl { margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
code { font: .9em ui-monospace, SFMono-Regular, Menlo, monospace; }
.unverified { font-size: .6em; font-weight: normal; color: var(--warn); }
.warning { padding: .75rem 1rem; border-left: 4px solid var(--warn); background: var(--warn-bg); color: #3d2a00; }
.error { padding: .75rem 1rem; border-left: 4px solid #b3261e; background: #fde7e6; color: #410e0b; }
.users { display: grid; gap: .5rem; }
button { font: inherit; cursor: pointer; border-radius: 6px; }
.user { display: block; width: 100%; text-align: left; padding: .6rem .9rem; border: 1px solid var(--line); background: transparent; color: inherit; }
.user:hover, .user:focus { border-color: var(--accent); }
.user small { display: block; color: var(--muted); }
label { display: block; margin: .5rem 0 .2rem; }
input { font: inherit; width: 100%; padding: .45rem .6rem; border: 1px solid var(--line); border-radius: 6px; }
.primary { margin-top: .75rem; padding: .5rem 1rem; border: 0; background: var(--accent); color: #fff; }
.secondary { padding: .45rem 1rem; border: 1px solid var(--line); background: transparent; color: inherit; }
.cancel { margin-top: 1.5rem; }
.scopes { margin: 0 0 1rem; padding: .5rem 1rem; border: 1px solid var(--line); border-radius: 6px; }
.scope { display: flex; gap: .5rem; align-items: center; }
.scope input { width: auto; }
`
