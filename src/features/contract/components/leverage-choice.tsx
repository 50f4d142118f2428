import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useId } from 'react'

interface LeverageChoiceProps {
  /** The pair's multiples on offer, ascending; null while the terms load. */
  leverages: readonly number[] | null
  value: number | null
  onChange: (leverage: number) => void
  error: MessageDescriptor | null
}

/** Spec §2 "multiple": the pair's offered leverages as radio buttons (arrow keys move between them). */
export function LeverageChoice({ leverages, value, onChange, error }: LeverageChoiceProps) {
  const { t, i18n } = useLingui()
  const name = useId()
  const errorId = `${name}-error`
  return (
    <fieldset className="contract-leverages" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label"><Trans>Leverage</Trans></legend>
      {leverages === null ? (
        <p className="contract-leverages__loading muted" role="status" aria-label={t`Loading leverages`}><span className="spinner" /></p>
      ) : (
        <div className="contract-leverages__options">
          {leverages.map((leverage) => (
            <label key={leverage} className="contract-chip">
              <input type="radio" name={name} checked={value === leverage} onChange={() => onChange(leverage)} aria-label={t`${leverage}× leverage`} />
              <span className="contract-chip__box" aria-hidden="true">{leverage}×</span>
            </label>
          ))}
        </div>
      )}
      {error && <p id={errorId} className="field__error">{i18n._(error)}</p>}
    </fieldset>
  )
}
