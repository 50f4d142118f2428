import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { DIRECTIONS, ENTRY_TYPES } from '../../../contract/contracts.ts'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { ShareChoice } from '../../../lib/ui/share-choice'
import { TextField } from '../../../lib/ui/text-field'
import { VisitorNote } from '../../../lib/ui/visitor-note'
import { checkOpen, entryPriceOf, estimateOpen, quantityForShare, CONTRACT_MESSAGES, type ContractRules, type ContractTerms, type OpenField } from '../logic'
import { DirectionSwitch } from './direction-switch'
import { EntryTypeChoice } from './entry-type-choice'
import { OFFLINE } from './labels'
import { LeverageChoice } from './leverage-choice'
import { OpenFigures } from './open-figures'
import { openRequest } from './open-request'
import { OpenSummary } from './open-summary'
import { StopFields } from './stop-fields'
import type { OpenFormState } from './use-open-form'
import type { OpenPositionCall } from './use-open-position'

interface OpenFormProps {
  rules: ContractRules
  /** The pair's terms: null while they load, or when contracts are not offered on the pair. */
  terms: ContractTerms | null
  lastPrice: string | null
  /** The contract account's available USDT: null for a visitor or while it loads. */
  available: string | null
  loggedIn: boolean
  state: OpenFormState
  opening: OpenPositionCall
}

/** Long or short, leverage, market or limit, quantity (25–100 %), the estimates, optional stops, behind a confirmation. */
export function OpenForm({ rules, terms, lastPrice, available, loggedIn, state, opening }: OpenFormProps) {
  const { t, i18n } = useLingui()
  const { form, error } = state
  const { base, quote } = rules
  const errorOf = (field: OpenField) => (error?.field === field ? error.message : null)
  const estimate = terms && estimateOpen(form, rules, terms, lastPrice)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!terms || !opening.allowed()) return
    const refused = checkOpen(form, rules, terms, lastPrice, available)
    state.setError(refused)
    if (refused || !estimate) return
    opening.review(openRequest(form, rules, estimate))
  }
  const share = (part: string) => {
    if (available === null || !terms) return
    const quantity = quantityForShare(part, available, entryPriceOf(form, lastPrice), form.leverage, rules, terms.openFeeRate)
    if (quantity !== null) state.setField('quantity', quantity)
    else state.setError({ field: 'price', message: CONTRACT_MESSAGES.needsPrice })
  }
  const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const
  const long = form.direction === DIRECTIONS.long
  return (
    <form className="contract-form" onSubmit={submit} noValidate aria-label={t`Open a position`}>
      <DirectionSwitch value={form.direction} onChange={state.setDirection} />
      <LeverageChoice leverages={terms?.leverages ?? null} value={form.leverage} onChange={state.setLeverage} error={errorOf('leverage')} />
      <EntryTypeChoice value={form.entryType} onChange={state.setEntryType} />
      {form.entryType === ENTRY_TYPES.limit ? (
        <TextField label={<Trans>Price ({quote})</Trans>} value={form.price} error={errorOf('price')} {...decimal}
          onValueChange={(value) => state.setField('price', value)} />
      ) : (
        <TextField label={<Trans>Price ({quote})</Trans>} value={t`Market price`} disabled onValueChange={() => undefined} />
      )}
      <TextField label={<Trans>Quantity ({base})</Trans>} value={form.quantity} error={errorOf('quantity')} {...decimal}
        placeholder={terms ? t`At least ${terms.minQuantity}` : undefined} onValueChange={(value) => state.setField('quantity', value)} />
      <ShareChoice disabled={available === null || !terms} onChoose={share} />
      <OpenFigures available={available} loggedIn={loggedIn} quote={quote} pricePrecision={rules.pricePrecision} estimate={estimate} />
      <StopFields quote={quote} values={form} errorOf={errorOf} onChange={state.setField} />
      {!opening.online && <p className="contract-note contract-note--warn" role="alert">{i18n._(OFFLINE.open)}</p>}
      <button type="submit" className={`button button--block contract-submit contract-submit--${long ? 'long' : 'short'}`}
        disabled={opening.busy || !terms} aria-busy={opening.busy}>
        {long ? <Trans>Open long</Trans> : <Trans>Open short</Trans>}
      </button>
      <VisitorNote />
      {opening.request && (
        <ConfirmSheet title={<Trans>Confirm opening</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={opening.busy}
          onConfirm={opening.confirm} onCancel={opening.cancel}>
          <OpenSummary request={opening.request} />
        </ConfirmSheet>
      )}
    </form>
  )
}
