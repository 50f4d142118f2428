// A minimal RFC 5322 message: plain UTF-8 text, CRLF line ends. Header values come from validated
// emails and fixed subjects; line breaks are still stripped so that no value can add a header.
import { randomBytes } from 'node:crypto'
import type { MailMessage } from './mailer.ts'

const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ')

/** Non-ASCII header text as an RFC 2047 encoded word. */
const encodeHeader = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?utf-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`

export function formatEml(message: MailMessage, from: string, date: Date): string {
  const domain = /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost'
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(message.to)}`,
    `Subject: ${encodeHeader(oneLine(message.subject))}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ]
  const body = message.text.replace(/\r?\n/g, '\r\n')
  return `${headers.join('\r\n')}\r\n\r\n${body}`
}
