import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ENTRY_TYPES, type EntryType } from '../../../contract/contracts.ts'
import { ENTRY_TYPE_LABELS } from './labels'

const TYPES = [ENTRY_TYPES.market, ENTRY_TYPES.limit] as const

/** Market | Limit, as radio buttons (arrow keys move between them). */
export function EntryTypeChoice({ value, onChange }: { value: EntryType; onChange: (type: EntryType) => void }) {
  const { i18n } = useLingui()
  const name = useId()
  return (
    <fieldset className="contract-types">
      <legend className="sr-only"><Trans>Entry type</Trans></legend>
      {TYPES.map((type) => (
        <label key={type} className="contract-chip">
          <input type="radio" name={name} checked={value === type} onChange={() => onChange(type)} />
          <span className="contract-chip__box">{i18n._(ENTRY_TYPE_LABELS[type])}</span>
        </label>
      ))}
    </fieldset>
  )
}
