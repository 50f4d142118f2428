import { useLingui } from '@lingui/react/macro'
import { Link, useMatches } from '@tanstack/react-router'
import type { TabName } from './router'
import { TabIcon } from './tab-icons'

const TABS: { name: TabName; to: string }[] = [
  { name: 'home', to: '/home' },
  { name: 'market', to: '/market' },
  { name: 'trade', to: '/action' },
  { name: 'position', to: '/position' },
  { name: 'assets', to: '/account' },
]

/** The tab of the deepest matched route that names one; undefined hides the bar (tab index -1). */
export function useCurrentTab(): TabName | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const tab = matches[i]?.staticData.tab
    if (tab) return tab
  }
  return undefined
}

export function TabBar() {
  const { t } = useLingui()
  const current = useCurrentTab()
  if (!current) return null
  const labels: Record<TabName, string> = {
    home: t`Home`,
    market: t`Market`,
    trade: t`Trade`,
    position: t`Position`,
    assets: t`Assets`,
  }
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      {TABS.map((tab) => (
        <Link
          key={tab.name}
          to={tab.to}
          className="tab-bar__item"
          aria-current={tab.name === current ? 'page' : undefined}
        >
          <TabIcon name={tab.name} />
          <span>{labels[tab.name]}</span>
        </Link>
      ))}
    </nav>
  )
}
