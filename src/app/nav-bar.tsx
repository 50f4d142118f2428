import { useLingui } from '@lingui/react/macro'
import { useCanGoBack, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface NavBarProps {
  title: ReactNode
  /** Show the back button (one step back; home when there is no history, e.g. a shared link). */
  back?: boolean
  left?: ReactNode
  right?: ReactNode
}

export function NavBar({ title, back = false, left, right }: NavBarProps) {
  const { t } = useLingui()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const goBack = () => (canGoBack ? router.history.back() : router.navigate({ to: '/home' }))
  return (
    <header className="nav-bar">
      <div className="nav-bar__slot">
        {back && (
          <button type="button" className="icon-button" onClick={goBack} aria-label={t`Back`}>
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2"
              strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
        )}
        {left}
      </div>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__slot nav-bar__slot--right">{right}</div>
    </header>
  )
}
