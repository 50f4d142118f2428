import { Trans } from '@lingui/react/macro'

/** The terms a new customer accepts at registration (/protocol). */
export function TermsOfService() {
  return (
    <article className="prose">
      <h2><Trans>1. The service</Trans></h2>
      <p><Trans>NovaEx lets registered customers view markets, trade digital assets, subscribe to new coins and move funds between their accounts. Visitors may view markets only.</Trans></p>
      <h2><Trans>2. Your account</Trans></h2>
      <p><Trans>You register with an email address you control and keep your login and fund passwords secret. Everything done with your credentials is treated as done by you. Tell us at once if you think someone else has used them.</Trans></p>
      <h2><Trans>3. Risks</Trans></h2>
      <p><Trans>Digital assets are volatile. Contracts and seconds contracts can lose the whole amount you open with. Only trade what you can afford to lose; nothing in the app is investment advice.</Trans></p>
      <h2><Trans>4. Deposits and withdrawals</Trans></h2>
      <p><Trans>Deposits below the stated minimum are neither credited nor refunded. Deposits and withdrawals are confirmed after 12 network confirmations and may be reviewed before they complete. Fees and limits are shown before you confirm.</Trans></p>
      <h2><Trans>5. Identity verification</Trans></h2>
      <p><Trans>Some operations need a verified identity. Verification data cannot be changed once it has been submitted.</Trans></p>
      <h2><Trans>6. Changes and contact</Trans></h2>
      <p><Trans>We may change these terms; the version shown here is the one in force. Questions go to customer service through the profile area.</Trans></p>
    </article>
  )
}
