/**
 * An email address that a narrow line breaks after its "@" ("demo@" over "exchange.local"), before
 * it breaks anywhere else: a phone at 200 % zoom has no room for the whole address.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return email
  return <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>
}
