import { useLingui } from '@lingui/react'
import { translate } from '../lib/i18n'
import { useAtomValue } from '../lib/store'
import { toastsAtom } from '../lib/toast'

export function ToastHost() {
  // Subscribing to the locale makes a visible toast re-translate when the language changes.
  useLingui()
  const toasts = useAtomValue(toastsAtom)
  return (
    <div className="toast-host" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          {item.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          {translate(item.text)}
        </div>
      ))}
    </div>
  )
}
