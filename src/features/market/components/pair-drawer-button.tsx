import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { DrawerType } from '../logic'
import { PairDrawer } from './pair-drawer'

/** The menu button of a nav bar's left slot and the drawer it opens. */
export function PairDrawerButton({ type }: { type: DrawerType }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  return (
    <>
      {/* Focused first, as Safari does not focus a tapped button: the drawer gives focus back to it. */}
      <button type="button" className="icon-button" onClick={(event) => { event.currentTarget.focus(); setOpen(true) }} aria-label={t`All pairs`}
        aria-haspopup="dialog" aria-expanded={open}>
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h10" />
        </svg>
      </button>
      <PairDrawer type={type} open={open} onClose={() => setOpen(false)} />
    </>
  )
}
