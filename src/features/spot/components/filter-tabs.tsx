import { useLingui } from '@lingui/react/macro'
import type { KeyboardEvent } from 'react'
import { HISTORY_FILTERS, type HistoryFilter } from '../../../contract/spot.ts'
import { FILTER_LABELS } from './labels'

const FILTERS = [HISTORY_FILTERS.unfinished, HISTORY_FILTERS.finished, HISTORY_FILTERS.cancelled] as const

interface FilterTabsProps {
  value: HistoryFilter
  onChange: (filter: HistoryFilter) => void
  /** The id of the panel the tabs show (the list), which names itself by the chosen tab (filterTabId). */
  panelId: string
}

export const filterTabId = (panelId: string, filter: HistoryFilter) => `${panelId}-tab-${filter}`

/** Unfinished | Finished | Cancelled (spec §4); arrow keys move between them, as in any tab list. */
export function FilterTabs({ value, onChange, panelId }: FilterTabsProps) {
  const { t, i18n } = useLingui()
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const next = step ? FILTERS[(FILTERS.indexOf(value) + step + FILTERS.length) % FILTERS.length] : undefined
    if (!next) return
    onChange(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-filter="${next}"]`)?.focus()
  }
  return (
    <div role="tablist" aria-label={t`Order status`} className="quote-tabs spot-filters" onKeyDown={onKeyDown}>
      {FILTERS.map((filter) => (
        <button key={filter} id={filterTabId(panelId, filter)} type="button" role="tab" data-filter={filter} aria-selected={filter === value}
          aria-controls={panelId} tabIndex={filter === value ? 0 : -1}
          className="quote-tabs__tab" onClick={() => onChange(filter)}>
          {i18n._(FILTER_LABELS[filter])}
        </button>
      ))}
    </div>
  )
}
