/** One tab of a {@link TabList}. */
export interface Tab<Id extends string> {
  id: Id
  label: string
}

/**
 * The tab a key moves to from the one at `index` of `count`, as in the WAI-ARIA tabs pattern
 * (arrows wrap around, Home and End go to the ends); `undefined` for any other key.
 */
function tabIndexForKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count
    case 'ArrowLeft':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return undefined
  }
}

/**
 * A WAI-ARIA tab list: the chosen tab is the only Tab stop, arrows, Home and End move the
 * choice and the focus. Tab `id` is `<prefix>-tab-<id>` and controls `<prefix>-panel-<id>`
 * (or `panelId`, when one panel follows every tab), which the caller renders.
 */
export function TabList<Id extends string>({
  label,
  prefix,
  tabs,
  chosen,
  onChoose,
  panelId,
  class: className = 'tabs',
}: {
  label: string
  prefix: string
  tabs: readonly Tab<Id>[]
  chosen: Id
  onChoose: (id: Id) => void
  panelId?: string
  class?: string
}) {
  const tabId = (id: string) => `${prefix}-tab-${id}`
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === chosen)
    const next = tabs[tabIndexForKey(event.key, index, tabs.length) ?? -1]
    if (!next) return
    event.preventDefault()
    onChoose(next.id)
    document.getElementById(tabId(next.id))?.focus()
  }
  return (
    <div role="tablist" aria-label={label} class={className}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          data-testid={tabId(tab.id)}
          aria-selected={tab.id === chosen}
          aria-controls={panelId ?? `${prefix}-panel-${tab.id}`}
          tabIndex={tab.id === chosen ? 0 : -1}
          onClick={() => onChoose(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
