import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useId, type KeyboardEvent, type ReactNode } from 'react'

interface AddressInputProps {
  label: ReactNode
  value: string
  onValueChange: (value: string) => void
  placeholder?: string
  error?: MessageDescriptor | null
}

/** Enter sends the form, as in an input, instead of starting a new line. */
function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter') return
  event.preventDefault()
  event.currentTarget.form?.requestSubmit()
}

/**
 * A withdrawal address as one field that wraps: the whole address stays in view to be checked
 * against the wallet's, at any width (a one-line input hid most of it, and at 200 % zoom all but a
 * few characters). It is still one line of text: a line break typed or pasted is dropped, and
 * Enter sends the form as in an input.
 */
export function AddressInput({ label, value, onValueChange, placeholder, error }: AddressInputProps) {
  const { i18n } = useLingui()
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">{label}</label>
      <div className={error ? 'field__box field__box--invalid' : 'field__box'}>
        <textarea id={id} className="field__input address-input" value={value} rows={2} placeholder={placeholder}
          onChange={(event) => onValueChange(event.target.value.replace(/[\r\n]+/g, ''))} onKeyDown={submitOnEnter}
          autoComplete="off" autoCapitalize="off" autoCorrect="off" spellCheck={false}
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      </div>
      {error && <p id={errorId} className="field__error">{i18n._(error)}</p>}
    </div>
  )
}
