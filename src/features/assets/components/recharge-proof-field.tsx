import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'

export interface PickedImage {
  file: File
  /** A blob: URL of the file for the preview. */
  url: string
}

/**
 * The picked proof and its preview URL, made when the file is picked and revoked when another is
 * picked, the form is cleared or the screen goes: each URL pins the whole image (a phone photo is
 * several MB) in memory until revoked.
 */
export function usePickedImage() {
  const [picked, setPicked] = useState<PickedImage | null>(null)
  const live = useRef<string | null>(null)
  useEffect(() => () => {
    if (live.current) URL.revokeObjectURL(live.current)
    live.current = null
  }, [])
  const pick = (file: File | null) => {
    if (live.current) URL.revokeObjectURL(live.current)
    const next = file ? { file, url: URL.createObjectURL(file) } : null
    live.current = next?.url ?? null
    setPicked(next)
  }
  return { picked, pick }
}

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
      <input ref={input} id={id} type="file" accept="image/*" className="proof-field__input"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      <p className="form__note"><Trans>A screenshot of the transfer showing the amount and the transaction id.</Trans></p>
      {picked && <img className="proof-field__preview" src={picked.url} alt={t`Preview of the payment proof`} />}
      {error && <p id={errorId} className="field__error">{i18n._(error)}</p>}
    </div>
  )
}
