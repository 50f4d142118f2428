// The withdrawal address book: each chain's formats (with their checksums) accepted and refused,
// add / edit / delete, duplicates, the size limit, and other users' entries invisible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS, type WithdrawAddress } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { MAX_ADDRESSES_PER_USER } from '../../server/withdrawals/address-book.ts'
import { encodeBase58Check } from '../../server/withdrawals/base58.ts'
import { convertBits, encodeBech32 } from '../../server/withdrawals/bech32.ts'
import { type Funded, fundedUser } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
let alice: Funded
let bob: Funded
beforeAll(async () => {
  server = await startServer()
  alice = await fundedUser(server, 'alice@book.test')
  bob = await fundedUser(server, 'bob@book.test')
})
afterAll(() => server.close())

const M = SERVER_MESSAGES
const HASH20 = Array.from({ length: 20 }, (_, i) => i * 11)
const ltcSegwit = encodeBech32('ltc', [0, ...(convertBits(HASH20, 8, 5, true) ?? [])])
const ltcP2sh = encodeBase58Check(0x32, Buffer.from(HASH20))

/** [currency, chain, address as typed, address as stored] — real addresses and the BIP test vectors. */
const VALID: Array<[string, string, string, string?]> = [
  ['USDT', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['USDT', 'ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', '0xdac17f958d2ee523a2206206994597c13d831ec7'],
  ['ETH', 'ERC20', '0x00000000219ab540356cBB839Cbe05303d7705Fa', '0x00000000219ab540356cbb839cbe05303d7705fa'],
  ['BTC', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['BTC', 'BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['BTC', 'BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['BTC', 'BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
  ['BTC', 'BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
  ['LTC', 'LTC', 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1'],
  ['LTC', 'LTC', ltcP2sh],
  ['LTC', 'LTC', ltcSegwit],
  ['DOGE', 'DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  ['XRP', 'XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
  ['ADA', 'ADA', 'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x'],
  ['ADA', 'ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8'],
  ['EOS', 'EOS', 'eosio.token'],
  ['EOS', 'EOS', 'binancecold1'],
]

const INVALID: Array<[string, string, string]> = [
  ['USDT', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
  ['USDT', 'TRC20', 'T123'],
  ['USDT', 'TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['USDT', 'TRC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  ['USDT', 'ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec'],
  ['USDT', 'ERC20', 'dAC17F958D2ee523a2206206994597C13D831ec7'],
  ['ETH', 'ERC20', '0xZZC17F958D2ee523a2206206994597C13D831ec7'],
  ['BTC', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
  ['BTC', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
  ['BTC', 'BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  // Testnet, and a v1 program with the old Bech32 checksum (invalid since BIP-350).
  ['BTC', 'BTC', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
  ['BTC', 'BTC', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'],
  ['BTC', 'BTC', 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1'],
  ['LTC', 'LTC', 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc2'],
  ['LTC', 'LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['LTC', 'LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ['DOGE', 'DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M'],
  ['DOGE', 'DOGE', 'LM2WMpR1Rp6j3Sa59cMXMs1SPzj9eXpGc1'],
  ['XRP', 'XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi'],
  ['XRP', 'XRP', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['XRP', 'XRP', `r${'x'.repeat(40)}`],
  ['ADA', 'ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl9'],
  ['ADA', 'ADA', 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz'],
  ['ADA', 'ADA', 'DdzFFzCqrhsw3prhfMFDNFowbzUku3QmrMwarfjUbWXRisodn97R436SHc1rimp4MhPNmbdYb1aTdqtGSJixMVMi5MkArDQJ6Sc1n3Ez'],
  ['EOS', 'EOS', 'EOSIO'],
  ['EOS', 'EOS', 'abcdefghijklm'],
  ['EOS', 'EOS', 'abc6'],
  ['EOS', 'EOS', 'abc.'],
  ['EOS', 'EOS', 'a b'],
  ['USDT', 'TRC20', `T${'1'.repeat(1000)}`],
]

const add = (user: Funded, fields: Record<string, string>) => server.post(ASSET_PATHS.addAddress, fields, user.headers)
const list = async (user: Funded, currency?: string) =>
  (await server.post(ASSET_PATHS.addressList, currency ? { currency } : {}, user.headers)).json.data as WithdrawAddress[]

describe('address formats', () => {
  it.each(VALID)('%s on %s accepts %s', async (currency, chain, address, stored = address) => {
    const answer = await add(alice, { currency, chain, address, remark: chain })
    expect(answer.json).toMatchObject({ code: 1, data: { currency, chain, address: stored, remark: chain } })
  })

  it.each(INVALID)('%s on %s refuses %s', async (currency, chain, address) => {
    const answer = await add(bob, { currency, chain, address })
    expect(answer.json).toEqual({ code: 0, msg: M.invalidAddress, data: null })
  })

  it('refuses a chain the currency does not travel on, and unknown currencies', async () => {
    expect((await add(bob, { currency: 'BTC', chain: 'ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).json.msg).toBe(M.unsupportedChain)
    expect((await add(bob, { currency: 'BNB', chain: 'ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).json.msg).toBe(M.unknownCurrency)
    expect(await list(bob)).toEqual([])
  })
})

describe('editing the book', () => {
  it('adds, lists per currency, edits and deletes', async () => {
    const added = (await add(bob, { currency: 'USDT', chain: 'TRC20', address: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ', remark: ' TRC20 ' })).json.data
    expect(added).toMatchObject({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', remark: 'TRC20' })
    await add(bob, { currency: 'DOGE', chain: 'DOGE', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' })
    expect((await list(bob, 'usdt')).map((entry) => entry.id)).toEqual([added.id])
    expect(await list(bob)).toHaveLength(2)

    const renamed = await server.post(ASSET_PATHS.updateAddress, { id: added.id, remark: 'my wallet' }, bob.headers)
    expect(renamed.json.data).toEqual({ ...added, remark: 'my wallet' })
    const moved = await server.post(ASSET_PATHS.updateAddress, { id: added.id, address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW' }, bob.headers)
    // An absent remark is an emptied one (the app leaves empty fields out).
    expect(moved.json.data).toEqual({ ...added, address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', remark: '' })
    expect((await server.post(ASSET_PATHS.updateAddress, { id: added.id, address: 'Tnope' }, bob.headers)).json.msg).toBe(M.invalidAddress)

    expect((await server.post(ASSET_PATHS.deleteAddress, { id: added.id }, bob.headers)).json).toEqual({ code: 1, msg: M.ok, data: null })
    expect((await server.post(ASSET_PATHS.deleteAddress, { id: added.id }, bob.headers)).json.msg).toBe(M.addressNotFound)
    expect(await list(bob, 'USDT')).toEqual([])
  })

  it('refuses duplicates, also in another spelling, on add and on edit', async () => {
    const first = (await add(bob, { currency: 'ETH', chain: 'ERC20', address: '0x00000000219ab540356cBB839Cbe05303d7705Fa' })).json.data
    expect((await add(bob, { currency: 'ETH', chain: 'ERC20', address: '0x00000000219AB540356CBB839CBE05303D7705FA' })).json.msg).toBe(M.addressDuplicate)
    // The same address for another currency is another entry.
    expect((await add(bob, { currency: 'USDT', chain: 'ERC20', address: first.address })).json.code).toBe(1)
    const second = (await add(bob, { currency: 'ETH', chain: 'ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).json.data
    const clash = await server.post(ASSET_PATHS.updateAddress, { id: second.id, address: first.address }, bob.headers)
    expect(clash.json.msg).toBe(M.addressDuplicate)
    // Saving an entry unchanged is not a clash with itself.
    expect((await server.post(ASSET_PATHS.updateAddress, { id: second.id, address: second.address }, bob.headers)).json.code).toBe(1)
  })

  it('checks the remark', async () => {
    const address = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
    expect((await add(bob, { currency: 'XRP', chain: 'XRP', address, remark: 'x'.repeat(65) })).json.msg).toBe(M.remarkTooLong)
    expect((await add(bob, { currency: 'XRP', chain: 'XRP', address, remark: 'a\u0007b' })).status).toBe(400)
    expect((await add(bob, { currency: 'XRP', chain: 'XRP', address, remark: '冷钱包'.repeat(21) })).json.code).toBe(1)
  })

  it('never shows or changes another user’s entries', async () => {
    const own = (await list(alice))[0]
    if (!own) throw new Error('alice has no address')
    expect((await list(bob)).some((entry) => entry.id === own.id)).toBe(false)
    for (const fields of [{ id: own.id, remark: 'mine now' }, { id: own.id, address: 'eosio.token' }] as Array<Record<string, string>>) {
      expect((await server.post(ASSET_PATHS.updateAddress, fields, bob.headers)).json).toEqual({ code: 0, msg: M.addressNotFound, data: null })
    }
    expect((await server.post(ASSET_PATHS.deleteAddress, { id: own.id }, bob.headers)).json.msg).toBe(M.addressNotFound)
    for (const id of ['0', '-1', 'abc', '1e3', '99999999999999999999']) {
      expect((await server.post(ASSET_PATHS.deleteAddress, { id }, bob.headers)).json.msg).toBe(M.addressNotFound)
    }
    expect((await list(alice))[0]).toEqual(own)
  })

  it(`holds at most ${MAX_ADDRESSES_PER_USER} addresses per user`, async () => {
    const carol = await fundedUser(server, 'carol@book.test')
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    for (let i = 0; i < MAX_ADDRESSES_PER_USER; i++) {
      const name = `carol${letters[i % 26]}${letters[Math.floor(i / 26)]}`
      expect((await add(carol, { currency: 'EOS', chain: 'EOS', address: name })).json.code, name).toBe(1)
    }
    expect((await add(carol, { currency: 'EOS', chain: 'EOS', address: 'carolfull' })).json.msg).toBe(M.addressBookFull)
  })
})
