import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { SecondsConfig } from '../../../contract/seconds.ts'
import { ratePercent } from '../logic'

interface DurationChoiceProps {
  configs: readonly SecondsConfig[] | null
  failed: boolean
  value: number | null
  onChange: (config: SecondsConfig) => void
  onRetry: () => void
}

/** The durations of the config (spec §3), each with its profit rate; radio inputs for the keyboard. */
export function DurationChoice({ configs, failed, value, onChange, onRetry }: DurationChoiceProps) {
  const { t } = useLingui()
  const name = useId()
  if (!configs && failed) {
    return (
      <div className="seconds-stale" role="alert">
        <p><Trans>The durations could not be loaded.</Trans></p>
        <button type="button" className="button button--ghost button--small" onClick={onRetry}><Trans>Retry</Trans></button>
      </div>
    )
  }
  if (!configs) return <p className="seconds-durations seconds-durations--loading" role="status" aria-label={t`Loading durations`}><span className="spinner" /></p>
  if (configs.length === 0) return <p className="seconds-empty" role="status"><Trans>No durations are offered right now.</Trans></p>
  return (
    <fieldset className="seconds-durations">
      <legend className="field__label"><Trans>Duration</Trans></legend>
      <div className="seconds-durations__options">
        {configs.map((config) => {
          const seconds = config.second
          return (
            <label key={seconds} className="seconds-duration">
              <input type="radio" name={name} checked={config.second === value} onChange={() => onChange(config)} />
              <span className="seconds-duration__box">
                <strong><Trans>{seconds}s</Trans></strong>
                <span className="seconds-duration__rate">{ratePercent(config.incomeRate)}</span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
