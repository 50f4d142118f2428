// Outgoing mail. The default writes each message as an .eml file under DATA_DIR/outbox (so the
// product runs with nothing external, and tests read codes from there); with SMTP_URL set the
// message goes to that server instead.
import type { FastifyBaseLogger } from 'fastify'
import { createOutboxMailer } from './outbox.ts'
import { createSmtpMailer } from './smtp.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /**
   * Hands a message over for delivery without making the caller wait: how long delivery takes
   * must not show in the answer time (it would tell which emails are registered). Failures are
   * logged.
   */
  send(message: MailMessage): void
}

export interface MailerOptions {
  dataDir: string
  smtpUrl: string | undefined
  from: string
  now: () => number
  log: FastifyBaseLogger
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createOutboxMailer(options)
}
