// The anti-phishing code: a short phrase the user chooses, written as the first line of every mail
// the exchange sends to the account, so that a mail without it is known not to be ours. It is put
// in once, on the way out (antiPhishingMailer), not by each template: no mail can forget it.
import { AsyncResource } from 'node:async_hooks'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { ANTI_PHISHING_PATTERN } from '../../../src/contract/security.ts'
import type { Database } from '../../db/database.ts'
import { str } from '../../db/rows.ts'
import type { MailMessage, Mailer } from '../../mail/mailer.ts'

/** The code as stored, or undefined when it breaks the rule; '' clears it. */
export function normalizeAntiPhishing(code: string): string | undefined {
  const normalized = code.trim().normalize('NFC')
  return normalized === '' || ANTI_PHISHING_PATTERN.test(normalized) ? normalized : undefined
}

/** Its first two characters and ****: enough to recognise, not enough to copy into a fake mail. */
export function maskAntiPhishing(code: string): string {
  return code === '' ? '' : `${Array.from(code).slice(0, 2).join('')}****`
}

export async function antiPhishingOf(db: Database, userId: number): Promise<string> {
  const row = await db.get('SELECT anti_phishing FROM users WHERE id = ?', userId)
  return row ? str(row, 'anti_phishing') : ''
}

export async function setAntiPhishingCode(db: Database, userId: number, code: string): Promise<void> {
  await db.run('UPDATE users SET anti_phishing = ? WHERE id = ?', code, userId)
}

/** The code of the account a mail goes to; '' for an address with no account (a registration code). */
async function codeOfRecipient(db: Database, email: string): Promise<string> {
  const row = await db.get('SELECT anti_phishing FROM users WHERE email = ?', email)
  return row ? str(row, 'anti_phishing') : ''
}

export const withAntiPhishingLine = (message: MailMessage, code: string): MailMessage =>
  code === '' ? message : { ...message, text: `Anti-phishing code: ${code}\n\n${message.text}` }

/**
 * Wraps the mailer: each mail gets its recipient's code looked up and put on top, one mail after
 * the other, so they leave in the order they were sent. The look-up runs outside the sender's
 * transaction (bound to where the mailer was made) and costs the same for a registered address
 * as for any other. Answers wait in `onSend` until the mails of their request are handed over,
 * so a mail is in the outbox (or with SMTP) when the answer that caused it arrives, as before.
 */
export function antiPhishingMailer(app: FastifyInstance | undefined, db: Database, inner: Mailer, log: FastifyBaseLogger): Mailer {
  let queue: Promise<void> = Promise.resolve()
  let pending = 0
  const deliver = AsyncResource.bind(async (message: MailMessage): Promise<void> => {
    let code = ''
    try {
      code = await codeOfRecipient(db, message.to)
    } catch (error) {
      // A security notice or a reset code still matters more than its first line.
      log.error({ err: error, subject: message.subject }, 'could not look up the anti-phishing code of a mail')
    }
    inner.send(withAntiPhishingLine(message, code))
  })
  app?.addHook('onSend', async () => {
    if (pending > 0) await queue
  })
  return {
    send(message) {
      pending++
      queue = queue
        .then(() => deliver(message))
        .catch((error: unknown) => log.error({ err: error, subject: message.subject }, 'could not hand a mail over'))
        .finally(() => {
          pending--
        })
    },
  }
}
