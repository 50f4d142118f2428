import { useLingui } from '@lingui/react/macro'
import { RecordLink as RecordIconLink } from '../../../lib/ui/record-link'

/** The nav bar's way to the full order history (/secondContract/record). */
export function RecordLink() {
  const { t } = useLingui()
  return <RecordIconLink to="/secondContract/record" label={t({ message: 'Order history', context: 'seconds orders settled' })} />
}
