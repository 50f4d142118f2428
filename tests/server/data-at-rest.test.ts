// Data at rest (architecture §6 "Data at rest"), on each engine, with the real server and the
// operators' real tool:
// - file modes: DATA_DIR and every folder the server keeps there 0700, every file 0600, after a
//   start, after mail, identity photos, an avatar and a deposit proof were written, in a backup,
//   and after a start on a DATA_DIR an older release left readable;
// - card and identity-document numbers: no row of any table holds one in plain (nor, on SQLite,
//   the database file's bytes), not even as a plain hash of the request; the owner is answered the
//   masks; `admin kyc show` shows the whole document number; numbers an older release stored in
//   plain are sealed at the next start; `admin keys rotate` re-seals everything under a new key,
//   `keys prune` then drops the old one, and everything stays readable; a copy of the database
//   without the key file (a backup, another DATA_DIR) cannot reveal any number, nor can a wrong key.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { readConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { dataKeyFile, ensureKeyring } from '../../server/security/data-key.ts'
import { unseal, UnsealError } from '../../server/security/sealing.ts'
import { admin, adminWithEnv } from './admin-cli.ts'
import { pngImage, postMultipart, setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { kycPhotos, type Member, member, postFiles, VALID_KYC } from './profile-support.ts'
import { TEST_ENGINE } from './test-database.ts'

const CARD = { bankName: 'Bank of China', cardName: 'Lee Min', cardNumber: '6212 2622 0102 3557 228', tradePassword: '123456' }
const CARD_PLAIN = '6212262201023557228'
const DOC_PLAIN = 'E98765432'
/** What an older release stored in plain (inserted below as it did), sealed by the next start. */
const LEGACY_CARD = '5555555555554444'
const LEGACY_DOC = 'G87654321'
const PLAINS = [CARD_PLAIN, DOC_PLAIN, LEGACY_CARD, LEGACY_DOC]

let server: TestServer
let owner: Member
let kycId = ''
const keyFile = () => dataKeyFile({ dataDir: server.dataDir })

beforeAll(async () => {
  server = await startServer()
  owner = await member(server, 'owner@at-rest.test')
})
afterAll(() => server.close())

/** Every folder and file under `root` (root itself as '.') with its permission bits, in octal. */
async function modesUnder(root: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = {}
  const visit = async (path: string): Promise<void> => {
    const stats = await lstat(path)
    modes[relative(root, path) || '.'] = (stats.mode & 0o7777).toString(8)
    if (stats.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name))
  }
  await visit(root)
  return modes
}

/** The entries whose mode is not the private one (0700 folders, 0600 files): none is expected. */
async function openEntries(root: string): Promise<Record<string, string>> {
  const modes = await modesUnder(root)
  const open: Record<string, string> = {}
  for (const [path, mode] of Object.entries(modes)) {
    const folder = (await lstat(join(root, path))).isDirectory()
    if (mode !== (folder ? '700' : '600')) open[path] = mode
  }
  return open
}

/** Every row of every table as text (bytes as latin1), to look for a number in. */
async function everyRow(db: Database): Promise<string> {
  const tables =
    db.engine === 'sqlite'
      ? await db.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      : await db.all("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")
  const texts: string[] = []
  for (const { name } of tables) {
    for (const row of await db.all(`SELECT * FROM "${String(name)}"`)) {
      texts.push(JSON.stringify(Object.values(row).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value))))
    }
  }
  return texts.join('\n')
}

/** The SQLite database's files as bytes (the file, its WAL): what someone who copies them reads. */
async function sqliteBytes(dataDir: string): Promise<Buffer> {
  const parts = await Promise.all(['exchange.sqlite', 'exchange.sqlite-wal'].map((name) => readFile(join(dataDir, name)).catch(() => Buffer.alloc(0))))
  return Buffer.concat(parts)
}

const sealedValues = () =>
  server.withDb(async (db) => [
    ...(await db.all('SELECT user_id, card_number_sealed AS sealed FROM collection_accounts')).map((row) => ({ place: `collection_accounts.card_number:${String(row.user_id)}`, sealed: String(row.sealed) })),
    ...(await db.all('SELECT user_id, doc_number_sealed AS sealed FROM kyc_submissions')).map((row) => ({ place: `kyc_submissions.doc_number:${String(row.user_id)}`, sealed: String(row.sealed) })),
  ])

const keyIdsOfFile = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter((line) => /^[0-9a-f]{12} /.test(line)).map((line) => line.slice(0, 12))

/** What releases before this one left: folders 0755, files 0644. */
const loosen = async (path: string, mode: number) => {
  if (existsSync(path)) await chmod(path, mode)
}

const kycShow = (id: string, env: Record<string, string> = {}, location = server.database) => adminWithEnv({ database: location }, env, 'kyc', 'show', id)

describe('file modes', () => {
  it('are 0700 for DATA_DIR and its folders and 0600 for every file after a start', async () => {
    expect(existsSync(keyFile())).toBe(true)
    expect(await openEntries(server.dataDir)).toEqual({})
  })

  it('stay so for mail, identity photos, an avatar and a deposit proof written afterwards', async () => {
    await setFundPassword(server, owner.token)
    // Mail: a second registration's code; photos: the identity submission; then an avatar and a deposit proof.
    await member(server, 'second@at-rest.test')
    const kyc = await postFiles(server, PROFILE_PATHS.kycSubmit, { ...VALID_KYC, docNumber: DOC_PLAIN }, kycPhotos(), owner.headers)
    expect(kyc.json.code, kyc.text).toBe(1)
    kycId = String(await server.withDb(async (db) => (await db.get('SELECT id FROM kyc_submissions WHERE user_id = ?', owner.userId))?.id))
    const icon = await postFiles(server, PROFILE_PATHS.uploadIcon, {}, { icon: { bytes: pngImage(300, 200) } }, owner.headers)
    expect(icon.json.code, icon.text).toBe(1)
    const deposit = await postMultipart(server, ASSET_PATHS.deposit, { currency: 'USDT', chain: 'TRC20', amount: '25.50' }, { bytes: pngImage(40, 30) }, owner.headers)
    expect(deposit.json.code, deposit.text).toBe(1)
    const card = await server.post(PROFILE_PATHS.setBankCard, CARD, { ...owner.headers, 'idempotency-key': 'card-at-rest-1' })
    expect(card.json.code, card.text).toBe(1)

    const modes = await modesUnder(server.dataDir)
    expect(Object.keys(modes).some((path) => path.startsWith('outbox/'))).toBe(true)
    if (TEST_ENGINE === 'sqlite') for (const folder of ['uploads/', 'avatars/']) expect(Object.keys(modes).some((path) => path.startsWith(folder))).toBe(true)
    expect(await openEntries(server.dataDir)).toEqual({})
  })

  it.runIf(TEST_ENGINE === 'sqlite')('are private in a backup, which leaves the key file out and says so', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'exchange-at-rest-')), 'backup')
    try {
      const done = await admin(server, 'backup', folder)
      expect(done.code, done.stderr).toBe(0)
      expect(done.stdout).toContain(`the data key file ${keyFile()} is NOT in the backup`)
      expect(existsSync(join(folder, 'keys'))).toBe(false)
      expect(Object.keys(await modesUnder(folder))).toEqual(expect.arrayContaining(['exchange.sqlite', 'uploads', 'avatars']))
      expect(await openEntries(folder)).toEqual({})
    } finally {
      await rm(join(folder, '..'), { recursive: true, force: true })
    }
  })

  it('are fixed at the next start where an older release left them readable', async () => {
    await loosen(server.dataDir, 0o755)
    for (const [path, mode] of Object.entries(await modesUnder(server.dataDir))) {
      if (path !== '.') await loosen(join(server.dataDir, path), mode === '700' ? 0o755 : 0o644)
    }
    expect(Object.keys(await openEntries(server.dataDir)).length).toBeGreaterThan(3)
    await server.restart()
    expect(await openEntries(server.dataDir)).toEqual({})
  })
})

describe('card and identity-document numbers', () => {
  it('are in no row of any table, and not in the SQLite file, in plain', async () => {
    const rows = await server.withDb(everyRow)
    for (const plain of PLAINS) expect(rows).not.toContain(plain)
    // Not even as a plain hash of the request, which a short number cannot hide behind.
    const plainHash = createHash('sha256').update(JSON.stringify([PROFILE_PATHS.setBankCard, Object.entries({ bankName: CARD.bankName, cardName: CARD.cardName, cardNumber: CARD.cardNumber }).toSorted()])).digest('hex')
    expect(rows).not.toContain(plainHash)
    if (TEST_ENGINE === 'sqlite') {
      const bytes = await sqliteBytes(server.dataDir)
      for (const plain of PLAINS) expect(bytes.includes(plain)).toBe(false)
    }
    const stored = await server.withDb(async (db) => ({
      card: { ...(await db.get('SELECT card_number, card_number_sealed, card_number_masked FROM collection_accounts WHERE user_id = ?', owner.userId)) },
      doc: { ...(await db.get('SELECT doc_number, doc_number_sealed, doc_number_masked FROM kyc_submissions WHERE id = ?', Number(kycId))) },
    }))
    expect(stored).toEqual({
      card: { card_number: '', card_number_sealed: expect.stringMatching(/^v1:[0-9a-f]{12}:[\w-]{40,}$/), card_number_masked: '**** **** **** 7228' },
      doc: { doc_number: '', doc_number_sealed: expect.stringMatching(/^v1:[0-9a-f]{12}:[\w-]{40,}$/), doc_number_masked: 'E9*****32' },
    })
  })

  it('are answered to their owner masked', async () => {
    const card = await server.post(PROFILE_PATHS.bankCard, {}, owner.headers)
    expect(card.json.data.cardNumberMasked).toBe('**** **** **** 7228')
    const kyc = await server.post(PROFILE_PATHS.kycStatus, {}, owner.headers)
    expect(kyc.json.data.submitted.docNumberMasked).toBe('E9*****32')
    for (const plain of PLAINS) expect(card.text + kyc.text).not.toContain(plain)
  })

  it('show whole to an operator in admin kyc show', async () => {
    const shown = await kycShow(kycId)
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(new RegExp(`^document:\\s+passport ${DOC_PLAIN}$`, 'm'))
  })

  it('stored in plain by an older release are sealed at the next start', async () => {
    const legacy = await member(server, 'legacy@at-rest.test')
    await server.withDb(async (db) => {
      // As releases before migration 015 wrote them: the number in the plain column, nothing sealed.
      await db.run("INSERT INTO collection_accounts (user_id, bank_name, card_name, card_number, updated_at) VALUES (?, 'Old Bank', 'Old Name', ?, 1)", legacy.userId, LEGACY_CARD)
      await db.run(
        `INSERT INTO kyc_submissions (user_id, name, doc_type, doc_number, front_photo, back_photo, state, reason, submitted_at, reviewed_at)
           VALUES (?, 'Old Name', 2, ?, ?, ?, 3, 'blurred', 1, 2)`,
        legacy.userId,
        LEGACY_DOC,
        `${'c'.repeat(32)}.jpg`,
        `${'d'.repeat(32)}.jpg`,
      )
    })
    // Until then they read as before (the mask computed from the plain value).
    expect((await server.post(PROFILE_PATHS.bankCard, {}, legacy.headers)).json.data.cardNumberMasked).toBe('**** **** **** 4444')
    await server.restart()
    const rows = await server.withDb(async (db) => ({
      card: { ...(await db.get('SELECT card_number, card_number_masked FROM collection_accounts WHERE user_id = ?', legacy.userId)) },
      doc: { ...(await db.get('SELECT doc_number, doc_number_masked FROM kyc_submissions WHERE user_id = ?', legacy.userId)) },
      all: await everyRow(db),
    }))
    expect(rows.card).toEqual({ card_number: '', card_number_masked: '**** **** **** 4444' })
    expect(rows.doc).toEqual({ doc_number: '', doc_number_masked: 'G8*****21' })
    for (const plain of PLAINS) expect(rows.all).not.toContain(plain)
    if (TEST_ENGINE === 'sqlite') {
      // The old values are not left in the file's free space or its WAL either.
      const bytes = await sqliteBytes(server.dataDir)
      for (const plain of PLAINS) expect(bytes.includes(plain)).toBe(false)
    }
    expect((await server.post(PROFILE_PATHS.bankCard, {}, legacy.headers)).json.data.cardNumberMasked).toBe('**** **** **** 4444')
    const id = String(await server.withDb(async (db) => (await db.get('SELECT id FROM kyc_submissions WHERE user_id = ?', legacy.userId))?.id))
    expect((await kycShow(id)).stdout).toContain(`passport ${LEGACY_DOC}`)
  })

  it('open only where they were sealed: a value moved to another row does not', async () => {
    const sealed = await sealedValues()
    const keyring = (await ensureKeyring(keyFile())).keyring
    for (const { place, sealed: value } of sealed) expect(PLAINS).toContain(unseal(keyring, value, place))
    const [first, second] = sealed
    expect(() => unseal(keyring, first?.sealed ?? '', second?.place ?? '')).toThrow(UnsealError)
  })

  it('are re-sealed under a new key by keys rotate; keys prune then drops the old key and all stays readable', async () => {
    const [oldId] = await keyIdsOfFile(keyFile())
    const rotated = await admin(server, 'keys', 'rotate')
    expect(rotated.code, rotated.stderr).toBe(0)
    const newId = /new data key ([0-9a-f]{12})/.exec(rotated.stdout)?.[1] ?? ''
    expect(newId).not.toBe(oldId)
    expect(rotated.stdout).toContain('re-sealed under it: 2 card numbers, 2 identity-document numbers')
    expect(rotated.stdout).toContain(`no stored number uses the old key ${oldId} any more`)
    expect(await keyIdsOfFile(keyFile())).toEqual([oldId, newId])
    for (const { sealed } of await sealedValues()) expect(sealed.slice(3, 15)).toBe(newId)

    // The running server seals under the new key at once.
    const changed = await server.post(PROFILE_PATHS.setBankCard, { ...CARD, cardNumber: '4111 1111 1111 1111' }, owner.headers)
    expect(changed.json.code, changed.text).toBe(1)
    const card = await server.withDb(async (db) => String((await db.get('SELECT card_number_sealed FROM collection_accounts WHERE user_id = ?', owner.userId))?.card_number_sealed))
    expect(card.slice(3, 15)).toBe(newId)

    const pruned = await admin(server, 'keys', 'prune')
    expect(pruned.code, pruned.stderr).toBe(0)
    expect(pruned.stdout).toContain(`removed ${oldId}`)
    expect(await keyIdsOfFile(keyFile())).toEqual([newId])
    expect(((await lstat(keyFile())).mode & 0o777).toString(8)).toBe('600')
    const listed = await admin(server, 'keys', 'list')
    expect(listed.code, listed.stdout).toBe(0)
    expect(listed.stdout).toContain(`${newId} (current): 4 numbers`)

    expect((await kycShow(kycId)).stdout).toMatch(new RegExp(`^document:\\s+passport ${DOC_PLAIN}$`, 'm'))
    expect((await server.post(PROFILE_PATHS.bankCard, {}, owner.headers)).json.data.cardNumberMasked).toBe('**** **** **** 1111')
    // Nothing of the key is ever printed.
    const keyLine = (await readFile(keyFile(), 'utf8')).split('\n').find((line) => line.startsWith(newId)) ?? ''
    expect(rotated.stdout + pruned.stdout + listed.stdout).not.toContain(keyLine.slice(13))
  })

  it('cannot be revealed from a copy of the database without the key file, nor with another key', async () => {
    // SQLite: a backup (which leaves the key out); PostgreSQL: the same database from a DATA_DIR without the key.
    const elsewhere = await mkdtemp(join(tmpdir(), 'exchange-no-key-'))
    try {
      let copy = { dataDir: elsewhere, databaseUrl: server.database.databaseUrl }
      if (TEST_ENGINE === 'sqlite') {
        copy = { dataDir: join(elsewhere, 'copy'), databaseUrl: undefined }
        expect((await admin(server, 'backup', copy.dataDir)).code).toBe(0)
      }
      const shown = await kycShow(kycId, {}, copy)
      expect(shown.code, shown.stderr).toBe(0)
      expect(shown.stdout).toMatch(/^document:\s+passport E9\*{5}32 \(cannot be opened: no data key file at /m)
      for (const plain of PLAINS) expect(shown.stdout).not.toContain(plain)

      // Another key (a fresh key file) opens nothing either.
      const other = join(elsewhere, 'other.key')
      const { keyring } = await ensureKeyring(other)
      const wrong = await kycShow(kycId, { DATA_KEY_FILE: other }, copy)
      expect(wrong.stdout).toMatch(/cannot be opened: sealed under key [0-9a-f]{12}, which the key file/)
      for (const { place, sealed } of await sealedValues()) expect(() => unseal(keyring, sealed, place)).toThrow(UnsealError)
      if (TEST_ENGINE === 'sqlite') {
        const bytes = await sqliteBytes(copy.dataDir)
        for (const plain of PLAINS) expect(bytes.includes(plain)).toBe(false)
      }
    } finally {
      await rm(elsewhere, { recursive: true, force: true })
    }
  })

  it('DATA_KEY_FILE names the key file; unset, it is DATA_DIR/keys/data.key', () => {
    expect(dataKeyFile(readConfig({ DATA_DIR: '/srv/exchange' }))).toBe('/srv/exchange/keys/data.key')
    expect(dataKeyFile(readConfig({ DATA_DIR: '/srv/exchange', DATA_KEY_FILE: '/run/secrets/exchange.key' }))).toBe('/run/secrets/exchange.key')
  })
})
