// `npm run admin -- kyc …`: the operators' review of identity verifications. `show` prints one
// with where to see its photos (admin-photos.ts: the stored files, or `--photos <folder>` writes
// them there; never a copy of the tool's own choosing); approve and reject go through review.ts,
// the only way a submission leaves reviewing. Answers the admin tool's { out | err, exitCode }.
// `show` is the one place the whole document number is shown: it opens the sealed number with the
// data key file (server/security/sealed-numbers.ts); without the right key it says so instead.
import type { ServerConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { DOC_NUMBER, revealNumber } from '../security/sealed-numbers.ts'
import { DOC_TYPES, KYC_STATE } from '../../src/contract/profile.ts'
import { num, str } from '../db/rows.ts'
import { PhotoFolderRefusal, type PhotoLines, storedPhotos, writePhotos } from './admin-photos.ts'
import { approveKyc, KycReviewRefusal, rejectKyc } from './review.ts'
import { findSubmission, type Submission } from './submissions.ts'

export const KYC_USAGE = `  kyc list [reviewing|all]             identity verifications (default: those awaiting review)
  kyc show <id> [--photos <folder>]    one verification and where its photos are (SQLite: the stored
                                       files); --photos writes both into that existing private folder
                                       (needed on PostgreSQL, where they are in the database)
  kyc approve <id>                     verify the user's identity
  kyc reject <id> <reason…>            reject it; the reason is shown to the user, who may submit again`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const usage = (): Outcome => ({ err: `usage:\n${KYC_USAGE}`, exitCode: 2 })
const STATE_NAMES: Record<number, string> = { [KYC_STATE.reviewing]: 'reviewing', [KYC_STATE.verified]: 'verified', [KYC_STATE.rejected]: 'rejected' }
const DOC_NAMES: Record<number, string> = { [DOC_TYPES.residentId]: 'resident ID', [DOC_TYPES.passport]: 'passport', [DOC_TYPES.other]: 'other' }
const when = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString())

async function list(db: Database, all: boolean): Promise<Outcome> {
  const rows = await db.all(`SELECT k.id, k.state, k.name, k.doc_type, k.submitted_at, u.email FROM kyc_submissions k JOIN users u ON u.id = k.user_id
       ${all ? '' : `WHERE k.state = ${KYC_STATE.reviewing}`} ORDER BY k.id DESC LIMIT 200`)
  if (rows.length === 0) return { out: all ? 'no verifications' : 'no verifications awaiting review', exitCode: 0 }
  const lines = rows.map((row) =>
    [`#${num(row, 'id')}`, STATE_NAMES[num(row, 'state')], str(row, 'email'), str(row, 'name'), DOC_NAMES[num(row, 'doc_type')], when(num(row, 'submitted_at'))].join('\t'),
  )
  return { out: lines.join('\n'), exitCode: 0 }
}

/** Where the data key file is (DATA_KEY_FILE, or under DATA_DIR). */
type KeyHome = Pick<ServerConfig, 'dataDir' | 'dataKeyFile'>

async function describe(db: Database, home: KeyHome, s: Submission, photos: PhotoLines): Promise<string> {
  const email = (await db.get('SELECT email FROM users WHERE id = ?', s.userId))?.email
  const number = await revealNumber(home, DOC_NUMBER, s.row)
  return [
    `verification #${s.id}: ${STATE_NAMES[s.state]}`,
    `user:      ${String(email)} (id ${s.userId})`,
    `name:      ${s.name}`,
    `document:  ${DOC_NAMES[s.docType]} ${number.ok ? number.value : `${s.docNumberMasked} (cannot be opened: ${number.reason})`}`,
    `submitted: ${when(s.submittedAt)}`,
    ...(s.reviewedAt === null ? [] : [`reviewed:  ${when(s.reviewedAt)}${s.reason ? ` — ${s.reason}` : ''}`]),
    `front:     ${photos.front}`,
    `back:      ${photos.back}`,
  ].join('\n')
}

/** `show <id> [--photos <folder>]`; undefined for a usage mistake. */
async function show(db: Database, home: KeyHome, id: string, rest: string[]): Promise<Outcome | undefined> {
  const { dataDir } = home
  const [flag, folder, ...more] = rest
  if (rest.length > 0 && (flag !== '--photos' || !folder || more.length > 0)) return undefined
  const submission = /^[1-9]\d{0,15}$/.test(id) ? await findSubmission(db, Number(id)) : undefined
  if (!submission) return { err: `no verification with id ${id}`, exitCode: 1 }
  try {
    const photos = folder === undefined ? await storedPhotos(db, dataDir, submission) : await writePhotos(db, dataDir, submission, folder)
    return { out: await describe(db, home, submission, photos), exitCode: 0 }
  } catch (error) {
    if (error instanceof PhotoFolderRefusal) return { err: error.message, exitCode: 1 }
    throw error
  }
}

export async function kycCommand(db: Database, home: KeyHome, args: string[], now: number): Promise<Outcome> {
  const [sub, id, ...rest] = args
  try {
    if (sub === 'list' && rest.length === 0 && (id === undefined || id === 'reviewing' || id === 'all')) return await list(db, id === 'all')
    if (sub === 'show' && id) {
      const shown = await show(db, home, id, rest)
      if (shown) return shown
    }
    if (sub === 'approve' && id && rest.length === 0) {
      const done = await approveKyc(db, id, now)
      return { out: `verification #${done.id} approved: ${done.name}`, exitCode: 0 }
    }
    if (sub === 'reject' && id && rest.length > 0) {
      const done = await rejectKyc(db, id, rest.join(' '), now)
      return { out: `verification #${done.id} rejected: ${done.reason}`, exitCode: 0 }
    }
  } catch (error) {
    if (error instanceof KycReviewRefusal) return { err: error.message, exitCode: 1 }
    throw error
  }
  return usage()
}
