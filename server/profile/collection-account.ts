// The collection account (spec §3 bank card: bank name, card name, card number), managed from the
// security centre. Setting or changing it needs the fund password (the same check and attempt
// limit as a withdrawal's); the number is Luhn-checked, stored sealed under the data key beside its
// mask (server/security/sealed-numbers.ts), and only ever answered masked but its last four digits:
// answering never opens it.
import type { Database } from '../db/database.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import {
  type CollectionAccount,
  isValidBankName,
  isValidCardNumber,
  isValidPersonName,
  normalizeCardNumber,
  normalizeName,
  PERSON_NAME_MAX_LENGTH,
} from '../../src/contract/profile.ts'
import type { AppContext } from '../context.ts'
import { num, str } from '../db/rows.ts'
import { fail, ok, sessionRequired } from '../http/envelope.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import { findUserById } from '../user/users.ts'
import { checkFundPassword } from '../withdrawals/fund-password.ts'
import { CARD_NUMBER, maskedOf, sealNumber } from '../security/sealed-numbers.ts'

export interface CollectionFields {
  bankName?: string
  cardName?: string
  cardNumber?: string
  tradePassword?: string
}

export async function collectionAccountOf(db: Database, userId: number): Promise<CollectionAccount | null> {
  const row = await db.get('SELECT * FROM collection_accounts WHERE user_id = ?', userId)
  if (!row) return null
  return {
    bankName: str(row, 'bank_name'),
    cardName: str(row, 'card_name'),
    cardNumberMasked: maskedOf(row, CARD_NUMBER),
    updatedAt: num(row, 'updated_at'),
  }
}

export async function setCollectionAccount(ctx: AppContext, call: KeyedCall, fields: CollectionFields): Promise<BbEnvelope<CollectionAccount | null>> {
  const { userId } = call
  const user = await findUserById(ctx, userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  if (!user.tradePasswordHash) return fail(SERVER_MESSAGES.fundPasswordNotSet)
  const bankName = normalizeName(fields.bankName ?? '')
  if (!isValidBankName(bankName)) return fail(SERVER_MESSAGES.bankNameInvalid)
  const cardName = normalizeName(fields.cardName ?? '')
  if (cardName.length > PERSON_NAME_MAX_LENGTH || !isValidPersonName(cardName)) return fail(SERVER_MESSAGES.cardNameInvalid)
  const cardNumber = normalizeCardNumber(fields.cardNumber ?? '')
  if (!isValidCardNumber(cardNumber)) return fail(SERVER_MESSAGES.cardNumberInvalid)
  if (!fields.tradePassword) return fail(SERVER_MESSAGES.passwordIncorrect)
  const password = await checkFundPassword(ctx, user, fields.tradePassword)
  if (password === 'limited') return fail(SERVER_MESSAGES.tooManyAttempts)
  if (password !== 'ok') return fail(SERVER_MESSAGES.passwordIncorrect)
  const now = ctx.now()
  // Sealed before the transaction (it reads the key file); the plain column stays empty.
  const card = await sealNumber(ctx.config, CARD_NUMBER, userId, cardNumber)
  return await once(ctx.db, { ...call, now }, async () => {
    await ctx.db.run(`INSERT INTO collection_accounts (user_id, bank_name, card_name, card_number, card_number_sealed, card_number_masked, updated_at)
         VALUES (?, ?, ?, '', ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET bank_name = excluded.bank_name, card_name = excluded.card_name, card_number = '',
           card_number_sealed = excluded.card_number_sealed, card_number_masked = excluded.card_number_masked, updated_at = excluded.updated_at`,
      userId, bankName, cardName, card.sealed, card.masked, now)
    return ok(await collectionAccountOf(ctx.db, userId))
  })
}
