import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import type { PickedImage } from '../../../lib/ui/use-picked-image'

interface RechargeProofFieldProps {
  picked: PickedImage | null
  onChange: (file: File | null) => void
  error?: MessageDescriptor | null
}

/** The proof of payment (spec §2, §5): a screenshot of the transfer, previewed before it is sent. */
export function RechargeProofField({ picked, onChange, error }: RechargeProofFieldProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const errorId = `${id}-error`
  const input = useRef<HTMLInputElement>(null)
  // A cleared form (after sending) must not keep showing the old file's name in the input.
  useEffect(() => {
    if (!picked && input.current) input.current.value = ''
  }, [picked])
  return (
    <div className="field">
      <label htmlFor={id} className="field__label"><Trans>Payment proof</Trans></label>
      {/* The browser's own file button cannot wrap (it cut its "No file chosen" at 200 % zoom) and
          speaks the browser's language, not the app's: the input stays, unseen, and this label opens it. */}
      <div className="proof-field__pick">
        <input ref={input} id={id} type="file" accept="image/*" className="proof-field__input sr-only"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
        <label htmlFor={id} className="button button--small proof-field__button">
          {picked ? <Trans>Choose another image</Trans> : <Trans>Choose an image</Trans>}
        </label>
      </div>
      <p className="form__note"><Trans>A screenshot of the transfer showing the amount and the transaction id.</Trans></p>
      {picked && <img className="proof-field__preview" src={picked.url} alt={t`Preview of the payment proof`} />}
      {error && <p id={errorId} className="field__error">{i18n._(error)}</p>}
    </div>
  )
}
