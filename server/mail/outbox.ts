import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { formatEml } from './eml.ts'
import type { Mailer, MailerOptions } from './mailer.ts'

/** 20260101T120000123Z: sortable, and valid in file names everywhere. */
const stamp = (date: Date): string => date.toISOString().replace(/[-:.]/g, '')

/**
 * Writes each message to DATA_DIR/outbox/<time>-<seq>-<random>.eml. The write is synchronous and
 * small (well under a millisecond), so it does not delay the answer measurably; the sequence keeps
 * names in send order when the clock stands still (tests with a fake clock). A mail holds a code
 * that resets a password: the folder is 0700 and each mail 0600, readable by the server's account
 * only (server/security/file-modes.ts fixes an outbox an older release left open).
 */
export function createOutboxMailer(options: MailerOptions): Mailer {
  const dir = join(options.dataDir, 'outbox')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  let sequence = 0
  return {
    send(message) {
      const date = new Date(options.now())
      const name = `${stamp(date)}-${String(++sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`
      try {
        writeFileSync(join(dir, name), formatEml(message, options.from, date), { flag: 'wx', mode: 0o600 })
        options.log.info({ file: join('outbox', name), subject: message.subject }, 'mail written to outbox')
      } catch (error) {
        options.log.error({ err: error }, 'could not write mail to outbox')
      }
    },
  }
}
