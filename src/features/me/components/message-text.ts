import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { InboxMessage } from '../../../contract/profile.ts'
import { coinText } from '../../../lib/format'

/** A figure of a message's parameters for people (grouped, trimmed); '' when the message has none. */
const figure = (value: string | undefined): string => (value ? coinText(value) : '')

export interface MessageText {
  title: string
  body: string
}

/**
 * A message in the reader's language, written from its kind and parameters (the server stores facts,
 * not sentences); an announcement carries the operator's own title and text.
 */
export function messageText(message: InboxMessage, i18n: I18n): MessageText {
  const p = message.params
  const amount = figure(p.amount)
  const currency = (p.currency ?? '').toUpperCase()
  const reason = p.reason ?? ''
  switch (message.kind) {
    case 'depositCredited':
      return { title: i18n._(msg`Deposit credited`), body: i18n._(msg`Your deposit of ${amount} ${currency} has been credited to your account.`) }
    case 'depositRejected':
      return { title: i18n._(msg`Deposit rejected`), body: i18n._(msg`Your deposit of ${amount} ${currency} was rejected. Reason: ${reason}`) }
    case 'withdrawalPaid':
      return { title: i18n._(msg`Withdrawal paid`), body: i18n._(msg`Your withdrawal has been paid out: ${amount} ${currency}.`) }
    case 'withdrawalRejected':
      return { title: i18n._(msg`Withdrawal rejected`), body: i18n._(msg`Your withdrawal of ${amount} ${currency} was rejected and returned to your account. Reason: ${reason}`) }
    case 'kycApproved':
      return { title: i18n._(msg`Identity verified`), body: i18n._(msg`Your identity verification was approved. You can now withdraw.`) }
    case 'kycRejected':
      return { title: i18n._(msg`Identity verification rejected`), body: i18n._(msg`Your identity verification was rejected. Reason: ${reason}. You may submit again.`) }
    case 'liquidation': {
      const symbol = (p.symbol ?? '').toUpperCase()
      const side = p.direction === '2' ? i18n._(msg`short`) : i18n._(msg`long`)
      const margin = figure(p.margin)
      const price = figure(p.price)
      return { title: i18n._(msg`Position liquidated`), body: i18n._(msg`Your ${symbol} ${side} position was liquidated at ${price}; the margin of ${margin} USDT was lost.`) }
    }
    case 'launchAllocation': {
      const project = p.project ?? ''
      const refund = figure(p.refund)
      return { title: i18n._(msg`Launch allocation`), body: i18n._(msg`You were allocated ${amount} ${currency} in ${project}; ${refund} USDT was refunded.`) }
    }
    case 'launchUnlock': {
      const project = p.project ?? ''
      return { title: i18n._(msg`Tokens unlocked`), body: i18n._(msg`${amount} ${currency} of ${project} are unlocked.`) }
    }
    default:
      return { title: message.title, body: message.body }
  }
}
