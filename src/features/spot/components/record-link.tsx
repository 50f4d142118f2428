import { useLingui } from '@lingui/react/macro'
import { RecordLink as RecordIconLink } from '../../../lib/ui/record-link'

/** The nav bar's way to the spot order history (/trade/record). */
export function RecordLink() {
  const { t } = useLingui()
  return <RecordIconLink to="/trade/record" label={t`Spot order history`} />
}
