import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode
  value: string
  onValueChange: (value: string) => void
  /** A validation message to show under the field; it marks the input invalid. */
  error?: MessageDescriptor | null
  /** Something beside the input: a "send code" button, a visibility toggle. */
  trailing?: ReactNode
}

/** A labelled input with its error under it, so screen readers and tests find it by its label. */
export function TextField({ label, value, onValueChange, error, trailing, ...input }: TextFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className={error ? 'field__box field__box--invalid' : 'field__box'}>
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {i18n._(error)}
        </p>
      )}
    </div>
  )
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>

/** A password input with a show/hide toggle; the browser may offer to fill or save it. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  const toggle = (
    <button
      type="button"
      className="field__toggle"
      onClick={() => setVisible((v) => !v)}
      aria-label={visible ? t`Hide password` : t`Show password`}
      aria-pressed={visible}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
        {visible ? <circle cx="12" cy="12" r="3" /> : <path d="M4 4l16 16" />}
      </svg>
    </button>
  )
  return <TextField {...props} type={visible ? 'text' : 'password'} trailing={toggle} />
}
