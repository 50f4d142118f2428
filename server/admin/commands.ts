// The admin commands as functions of (context, arguments) → output and exit code, so the CLI
// file only does process plumbing. A refusal (unknown user, bad amount, record already decided)
// is exit code 1 with a message; a usage mistake is exit code 2.
import type { AccountTypeId } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { AppContext } from '../context.ts'
import { CONTRACTS_USAGE, contractsCommand } from '../contracts/admin-command.ts'
import { DEMO_USAGE, demoCommand } from '../demo/admin-command.ts'
import { approveDeposit, rejectDeposit } from '../deposits/review.ts'
import { LAUNCH_USAGE, launchCommand } from '../launch/admin-command.ts'
import { ReviewRefusal } from '../deposits/review-common.ts'
import { checkAmount, checkCurrency } from '../ledger/amount-input.ts'
import { creditWithRecord } from '../ledger/operator-credit.ts'
import { findRecord } from '../ledger/records.ts'
import { verifyLedger } from '../ledger/verify.ts'
import { KYC_USAGE, kycCommand } from '../kyc/admin-command.ts'
import { NOTICE_USAGE, noticeCommand } from '../messages/admin-command.ts'
import { SECONDS_USAGE, secondsCommand } from '../seconds/admin-command.ts'
import { dataKeyFile } from '../security/data-key.ts'
import { KEYS_USAGE, keysCommand } from '../security/keys-command.ts'
import { SPOT_USAGE, spotCommand } from '../spot/admin-command.ts'
import { findUserByEmail, normalizeEmail } from '../user/users.ts'
import { approveWithdrawal, rejectWithdrawal } from '../withdrawals/review.ts'
import { backupSqlite } from './backup.ts'
import { copyToPostgres } from './copy-to-postgres.ts'
import { formatLines, reviewLines } from './review-list.ts'

export const USAGE = `usage: npm run admin -- <command>
  list [reviewing|all]                 deposits and withdrawals (default: those awaiting review)
  approve <recordId>                   approve a reviewing deposit or withdrawal
  reject <recordId> [reason…]          reject it; the reason is shown to the user
  credit <email> <currency> <amount> [spot|contract]
                                       put money into a user's account (default spot)
  verify                               recompute every balance from the ledger; exit 1 on any difference
  backup <folder>                      an online copy of DATA_DIR's SQLite database and its files into a
                                       new folder, itself a DATA_DIR (PostgreSQL: use pg_dump)
  copy-to-postgres <postgres://…>      copy DATA_DIR's SQLite database (server stopped) into an empty
                                       PostgreSQL database, then check both sides match
${SECONDS_USAGE}
${SPOT_USAGE}
${CONTRACTS_USAGE}
${LAUNCH_USAGE}
${KYC_USAGE}
${KEYS_USAGE}
${NOTICE_USAGE}
${DEMO_USAGE}`

export interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const done = (out: string): Outcome => ({ out, exitCode: 0 })
const refused = (err: string): Outcome => ({ err, exitCode: 1 })
const usage = (): Outcome => ({ err: USAGE, exitCode: 2 })

const ACCOUNTS: Record<string, AccountTypeId> = { spot: ACCOUNT_TYPES.spot, contract: ACCOUNT_TYPES.contract }

async function credit(ctx: AppContext, [email, currencyText, amountText, accountText = 'spot', ...rest]: string[]): Promise<Outcome> {
  if (!email || !currencyText || !amountText || rest.length > 0) return usage()
  const accountType = Object.hasOwn(ACCOUNTS, accountText) ? ACCOUNTS[accountText] : undefined
  if (!accountType) return refused(`unknown account "${accountText}": spot or contract`)
  const user = await findUserByEmail(ctx, normalizeEmail(email))
  if (!user) return refused(`no user with email ${email}`)
  const currency = checkCurrency(currencyText)
  if (!currency.ok) return refused(`${currency.msg}: ${currencyText}`)
  const amount = checkAmount(amountText)
  if (!amount.ok) return refused(`${amount.msg}: ${amountText}`)
  const recordId = await creditWithRecord(ctx.db, {
    userId: user.id,
    accountType,
    currency: currency.value,
    amount: amount.value,
    kind: 'credit',
    what: { kind: 'operatorCredit', params: {} },
    now: ctx.now(),
  })
  return done(`credited ${amount.value} ${currency.value} to ${user.email} (${accountText}), record #${recordId}`)
}

async function decide(ctx: AppContext, [recordId, ...reasonWords]: string[], approve: boolean): Promise<Outcome> {
  if (!recordId || (approve && reasonWords.length > 0)) return usage()
  const id = /^[1-9]\d{0,15}$/.test(recordId) ? Number(recordId) : undefined
  const record = id === undefined ? undefined : await findRecord(ctx.db, id)
  const reason = reasonWords.join(' ') || undefined
  try {
    if (record?.tradeType === RECORD_TYPES.deposit) {
      const settled = approve ? await approveDeposit(ctx, recordId, reason) : await rejectDeposit(ctx, recordId, reason)
      return done(`deposit #${settled.id} ${approve ? 'approved' : 'rejected'}: ${settled.amount} ${settled.currency}`)
    }
    if (record?.tradeType === RECORD_TYPES.withdrawal) {
      const settled = approve ? await approveWithdrawal(ctx, recordId, reason) : await rejectWithdrawal(ctx, recordId, reason)
      return done(`withdrawal #${settled.id} ${approve ? 'approved' : 'rejected'}: ${settled.amount} ${settled.currency}`)
    }
  } catch (error) {
    if (error instanceof ReviewRefusal) return refused(error.message)
    throw error
  }
  return refused(`no deposit or withdrawal with id ${recordId}`)
}

async function verify(ctx: AppContext): Promise<Outcome> {
  const differences = await verifyLedger(ctx.db)
  const count = async (table: string) => Number((await ctx.db.get(`SELECT count(*) AS n FROM ${table}`))?.n)
  if (differences.length === 0) {
    return done(`ledger consistent: ${await count('ledger_entries')} entries, ${await count('ledger_postings')} postings, ${await count('balances')} balances`)
  }
  return refused(`ledger INCONSISTENT, ${differences.length} difference(s):\n${differences.map((d) => JSON.stringify(d)).join('\n')}`)
}

async function copy(ctx: AppContext, url: string): Promise<Outcome> {
  if (!/^postgres(ql)?:\/\//.test(url)) return refused('copy-to-postgres needs the target as a postgres:// URL')
  try {
    const report = await copyToPostgres(ctx.db, ctx.config.dataDir, url)
    return done(
      `copied ${report.rows} rows of ${report.tables} tables and ${report.files} images; the ledger verifies on both sides and every row matches\n` +
        `the card and document numbers stay sealed under the data key file ${dataKeyFile(ctx.config)}, which is not copied: give each instance a copy (DATA_KEY_FILE)`,
    )
  } catch (error) {
    return refused(`copy-to-postgres: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function backup(ctx: AppContext, folder: string): Promise<Outcome> {
  try {
    const report = await backupSqlite(ctx, folder)
    return done(
      `backed up the database to ${report.file} with ${report.files} files beside it; restore by starting a server with DATA_DIR set to that folder\n` +
        `the data key file ${report.keyFile} is NOT in the backup: keep a copy of it apart from the backups (without it the card and document numbers cannot be read)`,
    )
  } catch (error) {
    return refused(`backup: ${error instanceof Error ? error.message : String(error)}`)
  }
}

export async function runCommand(ctx: AppContext, command: string, args: string[]): Promise<Outcome> {
  switch (command) {
    case 'list': {
      const [filter = 'reviewing', ...rest] = args
      if ((filter !== 'reviewing' && filter !== 'all') || rest.length > 0) return usage()
      return done(formatLines(await reviewLines(ctx.db, ctx.config.dataDir, { all: filter === 'all', limit: 200 })))
    }
    case 'approve':
      return await decide(ctx, args, true)
    case 'reject':
      return await decide(ctx, args, false)
    case 'credit':
      return await credit(ctx, args)
    case 'verify':
      return args.length === 0 ? await verify(ctx) : usage()
    case 'backup':
      return args.length === 1 && args[0] ? await backup(ctx, args[0]) : usage()
    case 'copy-to-postgres':
      return args.length === 1 && args[0] ? await copy(ctx, args[0]) : usage()
    case 'seconds':
      return await secondsCommand(ctx.db, args)
    case 'spot':
      return await spotCommand(ctx, args)
    case 'contracts':
      return await contractsCommand(ctx.db, args)
    case 'launch':
      return await launchCommand(ctx, args)
    case 'kyc':
      return await kycCommand(ctx.db, ctx.config, args, ctx.now())
    case 'keys':
      return await keysCommand(ctx.db, ctx.config, args)
    case 'notice':
      return await noticeCommand(ctx.db, args, ctx.now())
    case 'demo':
      return await demoCommand(ctx, args)
    default:
      return usage()
  }
}
