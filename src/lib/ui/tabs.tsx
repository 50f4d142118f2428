import './tabs.css'
import { useId, type KeyboardEvent, type ReactNode } from 'react'

interface TabsProps<K extends string> {
  label: string
  tabs: readonly { key: K; label: ReactNode }[]
  value: K
  onChange: (key: K) => void
  /** Beside the tabs, at the row's end: an action on what the panel shows (Refresh). */
  trailing?: ReactNode
  children: ReactNode
}

/**
 * A tab list and the one panel it shows (the seconds screen's sections, the contract record's
 * filter); arrow keys move between the tabs, as in any tab list.
 */
export function Tabs<K extends string>({ label, tabs, value, onChange, trailing, children }: TabsProps<K>) {
  const id = useId()
  const keys = tabs.map((tab) => tab.key)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const next = step ? keys[(keys.indexOf(value) + step + keys.length) % keys.length] : undefined
    if (!next) return
    onChange(next)
    event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${next}`)}`)?.focus()
  }
  const tablist = (
    <div role="tablist" aria-label={label} className="quote-tabs tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button key={tab.key} id={`${id}-${tab.key}`} type="button" role="tab" className="quote-tabs__tab" aria-selected={tab.key === value}
          aria-controls={`${id}-panel`} tabIndex={tab.key === value ? 0 : -1} onClick={() => onChange(tab.key)}>
          {tab.label}
        </button>
      ))}
    </div>
  )
  return (
    <>
      {trailing ? <div className="tabs__bar">{tablist}{trailing}</div> : tablist}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${value}`} className="tabs__panel">
        {children}
      </div>
    </>
  )
}
