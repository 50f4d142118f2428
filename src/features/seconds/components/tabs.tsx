import { useId, type KeyboardEvent, type ReactNode } from 'react'

interface TabsProps<K extends string> {
  label: string
  tabs: readonly { key: K; label: ReactNode }[]
  value: K
  onChange: (key: K) => void
  children: ReactNode
}

/** A tab list and the one panel it shows; arrow keys move between the tabs, as in any tab list. */
export function Tabs<K extends string>({ label, tabs, value, onChange, children }: TabsProps<K>) {
  const id = useId()
  const keys = tabs.map((tab) => tab.key)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const next = step ? keys[(keys.indexOf(value) + step + keys.length) % keys.length] : undefined
    if (!next) return
    onChange(next)
    event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${next}`)}`)?.focus()
  }
  return (
    <>
      <div role="tablist" aria-label={label} className="quote-tabs seconds-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button key={tab.key} id={`${id}-${tab.key}`} type="button" role="tab" className="quote-tabs__tab" aria-selected={tab.key === value}
            aria-controls={`${id}-panel`} tabIndex={tab.key === value ? 0 : -1} onClick={() => onChange(tab.key)}>
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${value}`} className="seconds-panel">
        {children}
      </div>
    </>
  )
}
