// Deposit addresses. The reference server has no wallets, so an address is derived, not generated:
// HMAC(server secret, user, chain) shaped into that chain's address format. The same user and
// chain always get the same address (a user can save it, and it survives restarts), another user
// never gets it, and nobody without the secret can tell whose address it is. Tokens on one chain
// share the account address, as on real exchanges (USDT on ERC20 and ETH: one 0x address).
import { createHmac } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { sharedSecret } from '../db/shared-files.ts'
import { encodeBase58Check, RIPPLE_ALPHABET } from '../withdrawals/base58.ts'
import { convertBits, encodeBech32 } from '../withdrawals/bech32.ts'

/** The HMAC key, the same for every instance (server/db/shared-files.ts keeps it per engine). */
export async function loadDepositSecret(ctx: Pick<AppContext, 'db' | 'config'>): Promise<Buffer> {
  const secret = Buffer.from(await sharedSecret({ db: ctx.db, dataDir: ctx.config.dataDir }, DEPOSIT_SECRET), 'hex')
  if (secret.length < 32) throw new Error('the deposit address secret must hold at least 32 bytes in hex')
  return secret
}

/** Its name: DATA_DIR/deposit-address.secret with SQLite, a server_secrets row on PostgreSQL. */
export const DEPOSIT_SECRET = 'deposit_address'

const segwitV0 = (prefix: string, hash: Buffer): string => encodeBech32(prefix, [0, ...(convertBits([...hash], 8, 5, true) ?? [])])

const EOS_CHARS = 'abcdefghijklmnopqrstuvwxyz12345'

const SHAPES: Readonly<Record<string, (digest: Buffer) => string>> = {
  TRC20: (d) => encodeBase58Check(0x41, d.subarray(0, 20)),
  ERC20: (d) => `0x${d.subarray(0, 20).toString('hex')}`,
  BTC: (d) => segwitV0('bc', d.subarray(0, 20)),
  LTC: (d) => segwitV0('ltc', d.subarray(0, 20)),
  DOGE: (d) => encodeBase58Check(0x1e, d.subarray(0, 20)),
  XRP: (d) => encodeBase58Check(0x00, d.subarray(0, 20), RIPPLE_ALPHABET),
  // An enterprise address (header 0x61: type 6, mainnet) with a 28-byte key hash.
  ADA: (d) => encodeBech32('addr', convertBits([0x61, ...d.subarray(0, 28)], 8, 5, true) ?? []),
  // A 12-character account name.
  EOS: (d) => Array.from(d.subarray(0, 12), (byte) => EOS_CHARS[byte % EOS_CHARS.length]).join(''),
}

export function depositAddressOf(secret: Buffer, userId: number, chain: string): string {
  const shape = SHAPES[chain]
  if (!shape) throw new Error(`no deposit address format for chain ${chain}`)
  return shape(createHmac('sha256', secret).update(`deposit|${userId}|${chain}`).digest())
}
