import { useLingui } from '@lingui/react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { translate } from '../lib/i18n'
import { useAtomValue } from '../lib/store'
import { placeToast, toastsAtom, type Box } from '../lib/toast'

/** What a tap or a focus lands on that a toast must not hide. */
const CONTROL = 'button, a[href], input, select, textarea, label, [role="button"], [role="radio"], [role="tab"]'

export function ToastHost() {
  // Subscribing to the locale makes a visible toast re-translate when the language changes.
  useLingui()
  const toasts = useAtomValue(toastsAtom)
  const host = useRef<HTMLDivElement>(null)
  // The control the user last touched or focused: the one a toast usually answers.
  const lastControl = useRef<Element | null>(null)

  useEffect(() => {
    const remember = (event: Event) => {
      const control = event.target instanceof Element ? event.target.closest(CONTROL) : null
      if (control) lastControl.current = control
    }
    document.addEventListener('pointerdown', remember, true)
    document.addEventListener('focusin', remember, true)
    return () => {
      document.removeEventListener('pointerdown', remember, true)
      document.removeEventListener('focusin', remember, true)
    }
  }, [])

  // Placed before the toast is painted, and again when the visible area changes (the keyboard).
  useLayoutEffect(() => {
    const element = host.current
    if (!element || toasts.length === 0) return
    const place = () => {
      const shown = element.firstElementChild
      if (!shown) return
      // First choice: over the nav bar's title, between its buttons, where no control is.
      const bar = document.querySelector('.nav-bar')
      const title = bar?.querySelector('.nav-bar__title')?.getBoundingClientRect()
      const nav = bar?.getBoundingClientRect()
      if (bar && title && nav && title.width > 0 && nav.top >= (window.visualViewport?.offsetTop ?? 0)) {
        element.classList.add('toast-host--title')
        element.style.setProperty('--toast-width', `${title.width}px`)
        const { height } = shown.getBoundingClientRect()
        // The bar's own row, under the safe area's padding.
        const inset = parseFloat(getComputedStyle(bar).paddingTop) || 0
        const row = nav.height - inset
        if (height <= row) {
          element.style.top = `${nav.top + inset + (row - height) / 2}px`
          return
        }
      }
      // Too long for it (or no nav bar in view): under the nav bar, clear of the control just used.
      element.classList.remove('toast-host--title')
      element.style.removeProperty('--toast-width')
      const avoid = [lastControl.current, document.activeElement]
        .filter((control): control is Element => control instanceof Element && control.isConnected && control !== document.body)
        .map((control): Box => control.getBoundingClientRect())
      element.style.top = `${placeToast(shown.getBoundingClientRect(), visibleArea(), avoid)}px`
    }
    place()
    const viewport = window.visualViewport
    viewport?.addEventListener('resize', place)
    viewport?.addEventListener('scroll', place)
    window.addEventListener('resize', place)
    return () => {
      viewport?.removeEventListener('resize', place)
      viewport?.removeEventListener('scroll', place)
      window.removeEventListener('resize', place)
    }
  }, [toasts])

  return (
    <div ref={host} className="toast-host" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          {item.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          {translate(item.text)}
        </div>
      ))}
    </div>
  )
}

/** The part of the screen a toast may use: under the nav bar, above the tab bar and the keyboard. */
function visibleArea(): { top: number; bottom: number } {
  const viewport = window.visualViewport
  const viewTop = viewport?.offsetTop ?? 0
  const viewBottom = viewTop + (viewport?.height ?? window.innerHeight)
  const nav = document.querySelector('.nav-bar')?.getBoundingClientRect()
  const tabs = document.querySelector('.tab-bar')?.getBoundingClientRect()
  return {
    top: Math.max(viewTop, nav && nav.bottom > 0 ? nav.bottom : 0),
    bottom: Math.min(viewBottom, tabs && tabs.height > 0 ? tabs.top : viewBottom),
  }
}
