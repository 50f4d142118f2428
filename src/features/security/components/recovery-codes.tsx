import { Trans, useLingui } from '@lingui/react/macro'
import { recoveryCodesText } from '../logic'
import { CopyChip } from './copy-chip'

/**
 * The recovery codes, shown once right after two-factor codes are turned on: the way in when the
 * phone is lost. They are never shown again (the server keeps only their hashes).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui()
  return (
    <section className="card two-factor" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="card__title"><Trans>Your recovery codes</Trans></h2>
      <p className="two-factor__warning" role="note">
        <Trans>Keep these somewhere safe; each works once. Use one to sign in if you lose your phone. They are shown only now.</Trans>
      </p>
      <ul className="two-factor__codes" aria-label={t`Recovery codes`} data-testid="recovery-codes">
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ul>
      <div className="two-factor__actions">
        <CopyChip text={recoveryCodesText(codes)} className="button button--ghost"><Trans>Copy all</Trans></CopyChip>
        <button type="button" className="button button--primary" onClick={onDone}><Trans>Done</Trans></button>
      </div>
    </section>
  )
}
