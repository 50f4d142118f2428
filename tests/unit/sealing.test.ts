// Sealing a number under the data key (server/security/sealing.ts, data-key.ts): every value its own
// nonce, the key id at a fixed place, and nothing opens but the right key at the right place, the
// value unchanged; a key file line that does not derive its own id is refused, never used.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureKeyring, type Keyring, loadKeyring, newDataKey, writeKeyring } from '../../server/security/data-key.ts'
import { KEY_ID_AT, KEY_ID_LENGTH, keyIdOf, seal, unseal, UnsealError } from '../../server/security/sealing.ts'

let dir = ''
let keyring: Keyring
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'exchange-sealing-'))
  keyring = (await ensureKeyring(join(dir, 'keys', 'data.key'))).keyring
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('sealing', () => {
  it('opens what it sealed, with a fresh nonce every time and the key id where SQL looks for it', () => {
    const [a, b] = [seal(keyring.current, '6212262201023557228', 'collection_accounts.card_number:7'), seal(keyring.current, '6212262201023557228', 'collection_accounts.card_number:7')]
    expect(a).not.toBe(b)
    expect(a.slice(KEY_ID_AT - 1, KEY_ID_AT - 1 + KEY_ID_LENGTH)).toBe(keyring.current.id)
    expect(keyIdOf(a)).toBe(keyring.current.id)
    expect(unseal(keyring, a, 'collection_accounts.card_number:7')).toBe('6212262201023557228')
    expect(a).not.toContain('6212262201023557228')
  })

  it('refuses another place, a changed byte, an unknown key and a damaged value', () => {
    const sealed = seal(keyring.current, 'E12345678', 'kyc_submissions.doc_number:1')
    expect(() => unseal(keyring, sealed, 'kyc_submissions.doc_number:2')).toThrow(UnsealError)
    const body = Buffer.from(sealed.slice(16), 'base64url')
    body[14] = (body[14] ?? 0) ^ 1
    expect(() => unseal(keyring, `${sealed.slice(0, 16)}${body.toString('base64url')}`, 'kyc_submissions.doc_number:1')).toThrow(UnsealError)
    const other = newDataKey()
    expect(() => unseal(keyring, seal(other, 'E12345678', 'x'), 'x')).toThrow(/which the key file .* does not hold/)
    expect(() => unseal(keyring, 'E12345678', 'x')).toThrow(UnsealError)
  })
})

describe('the key file', () => {
  it('is made once, 0600, and the last key of it is current', async () => {
    const file = join(dir, 'keys', 'data.key')
    expect((await ensureKeyring(file)).created).toBe(false)
    expect([(await stat(file)).mode & 0o777, (await stat(join(dir, 'keys'))).mode & 0o777]).toEqual([0o600, 0o700])
    const next = newDataKey()
    writeKeyring(file, [keyring.current, next])
    const read = await loadKeyring(file)
    expect(read.current.id).toBe(next.id)
    expect([...read.keys.keys()]).toEqual([keyring.current.id, next.id])
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('refuses a line whose id is not its key’s', async () => {
    const file = join(dir, 'damaged.key')
    const { id, key } = newDataKey()
    await writeFile(file, `${id} ${key.toString('hex').replace(/^./, (c) => (c === '0' ? '1' : '0'))}\n`, { mode: 0o600 })
    await expect(loadKeyring(file)).rejects.toThrow(/line 1: not a data key line/)
    expect(await readFile(file, 'utf8')).toContain(id)
  })
})
