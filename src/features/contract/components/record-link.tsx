import { useLingui } from '@lingui/react/macro'
import { RecordLink as RecordIconLink } from '../../../lib/ui/record-link'

/** The nav bar's way to the contract position history (/contract/record). */
export function RecordLink() {
  const { t } = useLingui()
  return <RecordIconLink to="/contract/record" label={t`Contract position history`} />
}
