import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { ACCOUNT_TYPES, RECORD_TYPES, type AccountTypeId, type RecordType } from '../../../contract/assets.ts'
import { RECORD_TYPE_LABELS } from '../../../lib/record-labels'
import { ACCOUNT_LABELS } from './record-labels'

export interface RecordFilter {
  account?: AccountTypeId
  type?: RecordType
}

/** Which records to list: by account and by kind (the spec's tradeType); empty means all. */
export function RecordFilters({ value, onChange }: { value: RecordFilter; onChange: (next: RecordFilter) => void }) {
  const { i18n } = useLingui()
  const [accountId, typeId] = [useId(), useId()]
  const accounts = Object.values(ACCOUNT_TYPES)
  const types = Object.values(RECORD_TYPES)
  return (
    <div className="record-filters">
      <div className="field">
        <label htmlFor={accountId} className="field__label"><Trans>Account</Trans></label>
        <div className="field__box">
          <select id={accountId} className="field__input field__select" value={value.account ?? ''}
            onChange={(event) => onChange({ ...value, account: accounts.find((id) => String(id) === event.target.value) })}>
            <option value=""><Trans>All accounts</Trans></option>
            {accounts.map((id) => <option key={id} value={id}>{i18n._(ACCOUNT_LABELS[id])}</option>)}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={typeId} className="field__label"><Trans>Type</Trans></label>
        <div className="field__box">
          <select id={typeId} className="field__input field__select" value={value.type ?? ''}
            onChange={(event) => onChange({ ...value, type: types.find((id) => String(id) === event.target.value) })}>
            <option value=""><Trans>All types</Trans></option>
            {types.map((id) => <option key={id} value={id}>{i18n._(RECORD_TYPE_LABELS[id])}</option>)}
          </select>
        </div>
      </div>
    </div>
  )
}
