import { useEffect } from 'react'
import { subscribeMarket } from '../../../lib/sw-bridge'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { PRICE_LIST_TOPIC } from '../api'
import { applyPriceListAtom, loadLaunchCoinsAtom, usdtClosesAtom } from '../atoms'

/**
 * The USDT closes that convert balances (spec §9) — a launched coin at its listing price — live on the 5 s tick while the caller is
 * mounted and visible (a hidden kept-alive screen's effects are stopped, so it polls nothing).
 */
export function useUsdtCloses(): Readonly<Record<string, string>> {
  const apply = useSetAtom(applyPriceListAtom)
  const loadLaunchCoins = useSetAtom(loadLaunchCoinsAtom)
  useEffect(() => subscribeMarket(PRICE_LIST_TOPIC, apply), [apply])
  // The listing prices of launched coins change only when a project ends: once per mount is enough.
  useEffect(() => {
    loadLaunchCoins().catch(() => undefined)
  }, [loadLaunchCoins])
  return useAtomValue(usdtClosesAtom)
}
