import type { ReactNode } from 'react'
import type { SortKey, SortState } from '../logic'

type Column = Exclude<SortKey, 'default'>

interface SortHeaderProps {
  column: Column
  sort: SortState
  onSort: (column: Column) => void
  /** Text before the button, part of the header but not of the control (e.g. "Pair /" before "Vol"). */
  prefix?: ReactNode
  className?: string
  children: ReactNode
}

/**
 * A column header whose button cycles the sort. aria-sort sits on the columnheader itself: ARIA
 * allows it only there, and screen readers announce it with the column.
 */
export function SortHeader({ column, sort, onSort, prefix, className = '', children }: SortHeaderProps) {
  const active = sort.key === column
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
  return (
    <div role="columnheader" aria-sort={ariaSort} className={`pair-table__header ${className}`}>
      {prefix}
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {children}
        <span className="sort-button__arrows" data-direction={active ? sort.direction : undefined} aria-hidden="true" />
      </button>
    </div>
  )
}
