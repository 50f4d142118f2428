import '../seconds.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSetAtom } from '../../../lib/store'
import { loadContractAccountAtom } from '../atoms'
import { ContractAssets } from './contract-assets'
import { ContractRecords } from './contract-records'
import { Tabs } from '../../../lib/ui/tabs'
import { TransferInForm } from './transfer-in-form'

type AccountTab = 'assets' | 'records' | 'transfer'

/** The contract account below the orders: its balances, its records and the transfer into it. */
export function AccountSection({ currency }: { currency: string }) {
  const { t } = useLingui()
  const [tab, setTab] = useState<AccountTab>('assets')
  const [transfers, setTransfers] = useState(0)
  const loadAccount = useSetAtom(loadContractAccountAtom)
  const tabs = [
    { key: 'assets', label: <Trans>Assets</Trans> },
    { key: 'records', label: <Trans>Records</Trans> },
    { key: 'transfer', label: <Trans>Transfer in</Trans> },
  ] as const
  const transferred = () => {
    setTransfers((count) => count + 1)
    loadAccount().catch(() => undefined)
  }
  return (
    <section className="seconds-account" aria-label={t`Contract account`}>
      <h2 className="seconds-heading"><Trans>Contract account</Trans></h2>
      <Tabs label={t`Contract account`} tabs={tabs} value={tab} onChange={setTab}>
        {tab === 'assets' && <ContractAssets />}
        {tab === 'records' && <ContractRecords version={transfers} />}
        {tab === 'transfer' && <TransferInForm currency={currency} onDone={transferred} />}
      </Tabs>
    </section>
  )
}
