import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { availableOf } from '../../../lib/account-state'
import { plainDecimal } from '../../../lib/decimal'
import { coinText, PLACEHOLDER } from '../../../lib/format'
import { needsVerifiedIdentity } from '../../../lib/identity-gate'
import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { TextField } from '../../../lib/ui/text-field'
import { useAccount } from '../../../lib/ui/use-account'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { useOnline } from '../../../lib/ui/use-online'
import { subscribe } from '../api'
import { launchSpotAccount, subscriptionsChangedAtom } from '../atoms'
import { costOf, remainingAllowance, validateFundPassword, validateQuantity } from '../join-logic'
import { livePhase } from '../logic'
import type { Project } from '../model'
import { OFFLINE_JOIN, PLEASE_LOGIN } from './labels'
import { JoinSummary, type JoinRequest } from './join-summary'
import { useServerNow } from './use-server-now'

interface Errors {
  quantity: MessageDescriptor | null
  password: MessageDescriptor | null
}

/**
 * Joining a project (spec §4, §5): quantity, its cost in USDT, the spot USDT available, the limits
 * and the fund password, behind a confirmation. The idempotency key is made at the first confirm
 * and kept for a retry of the same subscription. Visitors are asked to log in; offline, nothing is sent.
 */
export function JoinForm({ project }: { project: Project }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const navigate = useNavigate()
  const now = useServerNow()
  const account = useAccount(launchSpotAccount)
  const changed = useSetAtom(subscriptionsChangedAtom)
  const [quantity, setQuantity] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({ quantity: null, password: null })
  const available = availableOf(account.rows, 'USDT')
  // Spec §6: subscribing needs a verified identity; that refusal (a toast) leads on to /me/verify.
  const send = async (request: JoinRequest, key: string) => {
    try {
      return await subscribe({ id: request.projectId, quantity: request.quantity, tradePassword: request.tradePassword }, key)
    } catch (failure) {
      if (needsVerifiedIdentity(failure)) void navigate({ to: '/me/verify' })
      throw failure
    }
  }
  const call = useConfirmedCall(
    send,
    (request) => `${request.projectId}:${request.quantity}`,
    () => {
      toast.success(t`Subscribed. The USDT is frozen until joining closes.`)
      changed()
      void account.reload()
      void navigate({ to: '/home/record' })
    },
  )
  const joining = livePhase(project.phase, project.schedule, now) === 'joining'
  const cost = costOf(quantity, project.price)
  const allowance = remainingAllowance(project.maxPerUser, project.mine)
  const terms = { price: project.price, minPerUser: project.minPerUser, maxPerUser: project.maxPerUser, subscribed: project.mine, precision: project.precision, available }

  const review = () => {
    if (!loggedIn) return void toast.warning(PLEASE_LOGIN)
    if (!navigator.onLine) return void toast.error(OFFLINE_JOIN)
    const next = { quantity: validateQuantity(quantity, terms), password: validateFundPassword(password) }
    setErrors(next)
    if (next.quantity || next.password || cost === null) return
    call.review({ projectId: project.id, symbol: project.symbol, quantity: plainDecimal(quantity), cost, tradePassword: password })
  }
  // The connection may go while the sheet is open: refused, nothing sent, the sheet stays.
  const confirm = () => (navigator.onLine ? void call.confirm().catch(() => undefined) : void toast.error(OFFLINE_JOIN))

  return (
    <form className="launch-join" aria-label={t`Join ${project.symbol}`} noValidate onSubmit={(event) => { event.preventDefault(); review() }}>
      <dl className="launch-figures">
        <div><dt><Trans>Price</Trans></dt><dd>{coinText(project.price)} USDT</dd></div>
        <div><dt><Trans>Limits per user</Trans></dt><dd>{coinText(project.minPerUser)} – {coinText(project.maxPerUser)} {project.symbol}</dd></div>
        {loggedIn && <div><dt><Trans>You may still subscribe</Trans></dt><dd>{coinText(allowance)} {project.symbol}</dd></div>}
      </dl>
      <TextField label={<Trans>Quantity ({project.symbol})</Trans>} value={quantity} error={errors.quantity} inputMode="decimal" autoComplete="off"
        placeholder={t`At least ${coinText(project.minPerUser)}`} onValueChange={(next) => { setQuantity(next.trim()); setErrors((e) => ({ ...e, quantity: null })) }} />
      <dl className="launch-figures">
        <div><dt><Trans>Cost</Trans></dt><dd>{cost === null ? PLACEHOLDER : `${coinText(cost)} USDT`}</dd></div>
        <div><dt><Trans>Available</Trans></dt><dd>{!loggedIn ? PLACEHOLDER : available === null ? PLACEHOLDER : `${coinText(available)} USDT`}</dd></div>
      </dl>
      <TextField label={<Trans>Fund password</Trans>} type="password" value={password} error={errors.password} inputMode="numeric" autoComplete="off"
        maxLength={6} onValueChange={(next) => { setPassword(next); setErrors((e) => ({ ...e, password: null })) }} />
      {!online && <p className="launch-offline" role="alert">{i18n._(OFFLINE_JOIN)}</p>}
      {!loggedIn && <p className="launch-offline" role="note"><Trans>Log in to join this project.</Trans></p>}
      <button type="submit" className="button button--primary button--block" disabled={!joining || call.busy}>
        {joining ? <Trans>Join</Trans> : <Trans>Joining is not open</Trans>}
      </button>
      {call.request && (
        <ConfirmSheet title={<Trans>Confirm the subscription</Trans>} confirmLabel={<Trans>Confirm</Trans>} busy={call.busy} onConfirm={confirm} onCancel={call.cancel}>
          <JoinSummary request={call.request} />
        </ConfirmSheet>
      )}
    </form>
  )
}
