import type { Transporter } from 'nodemailer'
import type { Mailer, MailerOptions } from './mailer.ts'

/** SMTP delivery through nodemailer, loaded only when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  let transport: Promise<Transporter> | undefined
  const connect = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport(smtpUrl)
  }
  return {
    send(message) {
      transport ??= connect()
      transport
        .then((smtp) => smtp.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text }))
        .then(
          () => options.log.info({ subject: message.subject }, 'mail sent via SMTP'),
          (error: unknown) => options.log.error({ err: error, subject: message.subject }, 'SMTP delivery failed'),
        )
    },
  }
}
