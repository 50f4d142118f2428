import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { PickedImage } from '../../../lib/ui/use-picked-image'

interface KycPhotoFieldProps {
  label: ReactNode
  alt: string
  picked: PickedImage | null
  onChange: (file: File | null) => void
  error?: MessageDescriptor
}

/** One side of the document: picked from the camera or files, previewed before it is sent. */
export function KycPhotoField({ label, alt, picked, onChange, error }: KycPhotoFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="me-photo field">
      <label htmlFor={id} className="field__label">{label}</label>
      {/* The input lies transparent over the tile: a tap on the tile picks, and the browser's own
          untranslated "Choose file" button never shows. */}
      <div className="me-photo__pick">
        {picked ? <img className="me-photo__preview" src={picked.url} alt={alt} /> : <span className="me-photo__preview me-photo__empty" aria-hidden="true">+</span>}
        <input id={id} className="me-photo__input" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined} />
      </div>
      {error && <p className="field__error">{i18n._(error)}</p>}
    </div>
  )
}
