// Reading launch projects (migration 011) and shaping them for the wire (src/contract/launch.ts).
import type { Database } from '../db/database.ts'
import { LAUNCH_PATHS, type LaunchPhase, type LaunchProject } from '../../src/contract/launch.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'
import { phaseAt } from './logic.ts'

export const LANGUAGES = ['en-US', 'zh-CN', 'ko', 'ja'] as const
export type Language = (typeof LANGUAGES)[number]

/** The terms an operator sets, as the wire names them: a new project (create.ts) and a stored one share them. */
export type ProjectTerms = Pick<
  LaunchProject,
  'symbol' | 'name' | 'price' | 'forSale' | 'minPerUser' | 'maxPerUser' | 'precision' | 'warmupStart' | 'joinStart' | 'joinEnd' | 'lockDays'
>

export interface StoredProject extends ProjectTerms {
  id: number
  unlockAt: number
  descriptions: Record<Language, string>
  hue: number
  paper: string | null
  subscribed: string
  state: 'open' | 'allocated' | 'cancelled'
}

export function toStoredProject(row: Row): StoredProject {
  return {
    id: num(row, 'id'),
    symbol: str(row, 'symbol'),
    name: str(row, 'name'),
    price: str(row, 'price'),
    forSale: str(row, 'for_sale'),
    minPerUser: str(row, 'min_per_user'),
    maxPerUser: str(row, 'max_per_user'),
    precision: num(row, 'precision'),
    warmupStart: num(row, 'warmup_start'),
    joinStart: num(row, 'join_start'),
    joinEnd: num(row, 'join_end'),
    lockDays: num(row, 'lock_days'),
    unlockAt: num(row, 'unlock_at'),
    descriptions: JSON.parse(str(row, 'descriptions')) as Record<Language, string>,
    hue: num(row, 'hue'),
    paper: strOrNull(row, 'paper'),
    subscribed: str(row, 'subscribed'),
    state: str(row, 'state') as StoredProject['state'],
  }
}

export async function findProject(db: Database, id: number): Promise<StoredProject | undefined> {
  const row = await db.get('SELECT * FROM launch_projects WHERE id = ?', id)
  return row ? toStoredProject(row) : undefined
}

/** A project id from the wire: a positive integer in text, else undefined. */
export function projectIdOf(text: string): number | undefined {
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined
}

export const projectPhase = (project: StoredProject, now: number): LaunchPhase => phaseAt(project, project.state === 'cancelled', now)

/** Picks the caller's language from accept-language (its first known tag), English otherwise. */
export function languageOf(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of text.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (tag.startsWith('zh')) return 'zh-CN'
    if (tag.startsWith('ko')) return 'ko'
    if (tag.startsWith('ja')) return 'ja'
    if (tag.startsWith('en')) return 'en-US'
  }
  return 'en-US'
}

export function toWireProject(project: StoredProject, now: number, language: Language, mine: string): LaunchProject {
  return {
    id: String(project.id),
    symbol: project.symbol,
    name: project.name,
    logo: `${LAUNCH_PATHS.logo}?id=${project.id}`,
    price: project.price,
    forSale: project.forSale,
    subscribed: project.subscribed,
    minPerUser: project.minPerUser,
    maxPerUser: project.maxPerUser,
    precision: project.precision,
    warmupStart: project.warmupStart,
    joinStart: project.joinStart,
    joinEnd: project.joinEnd,
    unlockAt: project.unlockAt,
    lockDays: project.lockDays,
    phase: projectPhase(project, now),
    description: project.descriptions[language] ?? project.descriptions['en-US'],
    paperUrl: `${LAUNCH_PATHS.paper}?id=${project.id}`,
    mine,
  }
}

/**
 * The SQL condition of a phase at :now (the same boundaries as phaseAt). Every condition takes the
 * one parameter; where it is not needed, the CAST lets PostgreSQL type it (SQLite takes it as is).
 */
const PHASE_WHERE: Record<LaunchPhase, string> = {
  warmup: "state <> 'cancelled' AND join_start > ?",
  joining: "state <> 'cancelled' AND join_start <= ?1 AND join_end > ?1",
  ended: "state <> 'cancelled' AND join_end <= ?",
  cancelled: "state = 'cancelled' AND CAST(? AS BIGINT) IS NOT NULL",
}

export async function queryProjects(db: Database, phase: LaunchPhase | undefined, now: number, pageNo: number, pageSize: number): Promise<{ list: StoredProject[]; sum: number }> {
  const where = phase === undefined ? "state <> 'cancelled' AND CAST(? AS BIGINT) IS NOT NULL" : PHASE_WHERE[phase]
  const sum = num(await db.get(`SELECT count(*) AS n FROM launch_projects WHERE ${where}`, now) ?? {}, 'n')
  // Soonest first while waiting or joining; the latest ended first.
  const order = phase === 'ended' || phase === 'cancelled' ? 'join_end DESC, id DESC' : 'join_end ASC, id ASC'
  const rows = await db.all(`SELECT * FROM launch_projects WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, now, pageSize, (pageNo - 1) * pageSize)
  return { list: rows.map(toStoredProject), sum }
}
