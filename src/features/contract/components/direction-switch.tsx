import { useLingui } from '@lingui/react/macro'
import { DIRECTIONS, type Direction } from '../../../contract/contracts.ts'
import { DIRECTION_LABELS } from './labels'

/** Long | Short at the top of the form: what the estimates, the stops' checks and the button follow. */
export function DirectionSwitch({ value, onChange }: { value: Direction; onChange: (direction: Direction) => void }) {
  const { t, i18n } = useLingui()
  return (
    <div className="contract-directions" role="group" aria-label={t({ message: 'Direction', context: 'trade direction: up or down, long or short' })}>
      <button type="button" className="contract-directions__long" aria-pressed={value === DIRECTIONS.long} onClick={() => onChange(DIRECTIONS.long)}>
        {i18n._(DIRECTION_LABELS[DIRECTIONS.long])}
      </button>
      <button type="button" className="contract-directions__short" aria-pressed={value === DIRECTIONS.short} onClick={() => onChange(DIRECTIONS.short)}>
        {i18n._(DIRECTION_LABELS[DIRECTIONS.short])}
      </button>
    </div>
  )
}
