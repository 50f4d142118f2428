import { useAtomValue } from '../../../../lib/store'
import { detailsFamily, pairFamily } from '../../atoms'
import { pricePrecision } from '../../logic'

/** The pair's price precision (logic.pricePrecision says where it comes from). */
export function usePairPrecision(symbol: string): number {
  const listed = useAtomValue(pairFamily(symbol))?.precision
  const tick = useAtomValue(detailsFamily(symbol))
  return pricePrecision(symbol, listed, tick)
}
