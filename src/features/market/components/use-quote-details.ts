import type { DetailsByQuoteAnswer, QuoteCoin } from '../../../contract/market.ts'
import { marketTopics } from '../../../contract/market.ts'
import { useSetAtom } from '../../../lib/store'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { fetchDetailsByQuote } from '../api'
import { applyQuoteDetailsAtom, markQuoteFailedAtom } from '../atoms'
import { useMarketTopic } from '../use-market-topic'

/**
 * Keeps the pairs of a quote coin live (the 5 s tick) while the caller is mounted; `null` pauses.
 * Every screen listing the same quote shares one fetch per tick through the poll.
 */
export function useQuoteDetails(quote: QuoteCoin | null) {
  const apply = useSetAtom(applyQuoteDetailsAtom)
  const fail = useSetAtom(markQuoteFailedAtom)
  useMarketTopic(
    quote ? marketTopics.detailsByQuote(quote) : null,
    (answer) => {
      if (!quote) return
      const { data } = answer as Partial<DetailsByQuoteAnswer>
      // An answer of another shape is a failure, not an empty market.
      if (Array.isArray(data)) apply(quote, data)
      else fail(quote)
    },
    () => quote && fail(quote),
  )
}

/** Retry now rather than at the next tick, which a user staring at an error would not know about. */
export function useRetryQuote(quote: QuoteCoin) {
  const apply = useSetAtom(applyQuoteDetailsAtom)
  const { busy, run } = useBusyAction()
  const retry = () => run(async () => apply(quote, (await fetchDetailsByQuote(quote)).data))
  return { busy, retry }
}
