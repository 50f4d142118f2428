// `npm run admin -- kyc …`: the operators' review of identity verifications. `show` prints the
// paths of files the operator can open the photos from; approve and reject go through review.ts,
// the only way a submission leaves reviewing. Answers the admin tool's { out | err, exitCode }.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import { DOC_TYPES, KYC_STATE } from '../../src/contract/profile.ts'
import { DEFAULT_CONFIG } from '../config.ts'
import { num, str } from '../db/rows.ts'
import { type FileHome, readUpload } from '../uploads/store.ts'
import { approveKyc, KycReviewRefusal, rejectKyc } from './review.ts'
import { findSubmission, type Submission } from './submissions.ts'

export const KYC_USAGE = `  kyc list [reviewing|all]             identity verifications (default: those awaiting review)
  kyc show <id>                        one verification, with its photos copied into files to open
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

/**
 * The two photos copied out of the image store into a new private folder: the store may keep them
 * in the database (PostgreSQL, architecture §6 "Storage"), where no file of theirs exists to open.
 */
async function photoFiles(db: Database, dataDir: string, s: Submission): Promise<{ front: string; back: string }> {
  const home: FileHome = { db, config: { ...DEFAULT_CONFIG, dataDir } }
  const folder = await mkdtemp(join(tmpdir(), `kyc-${s.id}-`))
  const copy = async (side: 'front' | 'back', name: string): Promise<string> => {
    const bytes = await readUpload(home, name)
    if (!bytes) return `(missing: ${name})`
    const path = join(folder, `${side}.jpg`)
    await writeFile(path, bytes, { flag: 'wx', mode: 0o600 })
    return path
  }
  return { front: await copy('front', s.frontPhoto), back: await copy('back', s.backPhoto) }
}

async function describe(db: Database, dataDir: string, s: Submission): Promise<string> {
  const email = (await db.get('SELECT email FROM users WHERE id = ?', s.userId))?.email
  const photos = await photoFiles(db, dataDir, s)
  return [
    `verification #${s.id}: ${STATE_NAMES[s.state]}`,
    `user:      ${String(email)} (id ${s.userId})`,
    `name:      ${s.name}`,
    `document:  ${DOC_NAMES[s.docType]} ${s.docNumber}`,
    `submitted: ${when(s.submittedAt)}`,
    ...(s.reviewedAt === null ? [] : [`reviewed:  ${when(s.reviewedAt)}${s.reason ? ` — ${s.reason}` : ''}`]),
    `front:     ${photos.front}`,
    `back:      ${photos.back}`,
  ].join('\n')
}

export async function kycCommand(db: Database, dataDir: string, args: string[], now: number): Promise<Outcome> {
  const [sub, id, ...rest] = args
  try {
    if (sub === 'list' && rest.length === 0 && (id === undefined || id === 'reviewing' || id === 'all')) return await list(db, id === 'all')
    if (sub === 'show' && id && rest.length === 0) {
      const submission = /^[1-9]\d{0,15}$/.test(id) ? await findSubmission(db, Number(id)) : undefined
      return submission ? { out: await describe(db, dataDir, submission), exitCode: 0 } : { err: `no verification with id ${id}`, exitCode: 1 }
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
