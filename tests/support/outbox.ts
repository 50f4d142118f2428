// Reads the email codes the reference server writes to DATA_DIR/outbox as .eml files, the way a
// user reads their mailbox: the newest mail to that address wins.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export function readMailCode(dataDir: string, email: string): string {
  const dir = join(dataDir, 'outbox')
  const files = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort().reverse()
  for (const name of files) {
    const mail = readFileSync(join(dir, name), 'utf8')
    if (!new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail)) continue
    const code = mail.match(/^Code: (\d{6})\s*$/m)?.[1]
    if (code) return code
  }
  throw new Error(`no mail with a code to ${email} in ${dir}`)
}
