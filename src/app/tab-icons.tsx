import type { TabName } from './router'

// Outline icons drawn for this app (24×24, stroke = currentColor so the active tab tints them).
const PATHS: Record<TabName, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  market: 'M4 19V9m5 10V5m5 14v-7m5 7V8',
  trade: 'M7 4v16m0 0l-3-3m3 3l3-3M17 20V4m0 0l-3 3m3-3l3 3',
  position: 'M4 5h16v14H4zM4 10h16M9 10v9',
  assets: 'M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2',
}

export function TabIcon({ name }: { name: TabName }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  )
}
