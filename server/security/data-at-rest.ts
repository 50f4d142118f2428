// What every server start does for the data at rest (architecture §6 "Data at rest"), right after
// the database is opened and migrated, before the first request:
// 1. DATA_DIR and what the server keeps in it readable by the server's account only (file-modes.ts);
// 2. the data key file there (created 0600 with one key on the first start), readable by its
//    owner only;
// 3. card and identity-document numbers an older release stored in plain sealed under its current
//    key, one transaction per table (sealed-numbers.ts; migration 015 could only add the columns);
// 4. a warning when stored numbers are sealed under a key the file lacks (a key file lost, or not
//    given to this instance): the server still runs — it never needs to open them — but those
//    numbers cannot be shown to an operator until the right file is back.
import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { dataKeyFile, ensureKeyring, tightenKeyFile } from './data-key.ts'
import { tightenDataDir } from './file-modes.ts'
import { keysInUse, sealPlainNumbers } from './sealed-numbers.ts'

export async function protectDataAtRest(db: Database, config: Pick<ServerConfig, 'dataDir' | 'dataKeyFile'>, log: FastifyBaseLogger): Promise<void> {
  for (const warning of tightenDataDir(config.dataDir)) log.warn(warning)
  const file = dataKeyFile(config)
  const { keyring, created } = await ensureKeyring(file)
  if (created) log.info({ file }, 'data key file created: keep a copy apart from the database and its backups (README "Operations")')
  const loose = tightenKeyFile(file)
  if (loose) log.warn(loose)

  const report = await sealPlainNumbers(db, keyring)
  const sealed = Object.fromEntries([...report.sealed].filter(([, count]) => count > 0).map(([column, count]) => [column.what, count]))
  if (Object.keys(sealed).length > 0) log.info({ sealed, key: keyring.current.id }, 'numbers stored in plain by an older release are now sealed')

  const missing = [...(await keysInUse(db)).byKey].filter(([id]) => !keyring.keys.has(id))
  if (missing.length > 0) {
    log.warn(
      { file, missing: Object.fromEntries(missing) },
      'stored card or document numbers are sealed under keys the data key file does not hold: put the right key file back (DATA_KEY_FILE), or those numbers cannot be shown',
    )
  }
}
