// Reads the mails the reference server writes to DATA_DIR/outbox as .eml files, the way a user
// reads their mailbox: oldest first, and the newest code to an address is the one that counts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = join(dataDir, 'outbox')
  const names = readdirSync(outbox).filter((name) => name.endsWith('.eml')).toSorted()
  return names
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((mail) => mail.split('\r\n').includes(`To: ${email}`))
}

export function readMailCode(dataDir: string, email: string): string {
  // The newest mail that carries a code: notices (a new sign-in, a changed password) may come after it.
  const withCode = mailsTo(dataDir, email).filter((mail) => /^Code: \d{6}$/m.test(mail))
  const code = /^Code: (\d{6})$/m.exec(withCode.at(-1) ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${email} in ${dataDir}/outbox`)
  return code
}
