// The security history (contract/security.ts SecurityHistoryEntry): each change of an account's
// security, when, from where and on what device, recorded by notifyOwner (../events.ts) for the
// events of SECURITY_HISTORY_EVENTS; the newest SECURITY_HISTORY_SIZE per user.
import type { SecurityHistoryEntry, SecurityHistoryEvent } from '../../../src/contract/security.ts'
import { SECURITY_HISTORY_EVENTS, SECURITY_HISTORY_SIZE } from '../../../src/contract/security.ts'
import type { Database } from '../../db/database.ts'
import { num, str } from '../../db/rows.ts'
import { keepNewest } from './newest-rows.ts'
import { describeUserAgent, USER_AGENT_MAX } from './user-agent.ts'

/** A detail is a short plain phrase (an address, a passkey's name); longer text is cut. */
const DETAIL_MAX = 200

export const isHistoryEvent = (event: string): event is SecurityHistoryEvent => (SECURITY_HISTORY_EVENTS as readonly string[]).includes(event)

export interface HistoryFacts {
  address?: string | undefined
  userAgent?: string | undefined
  detail?: string | undefined
}

export async function recordSecurityHistory(db: Database, userId: number, at: number, event: SecurityHistoryEvent, facts: HistoryFacts): Promise<void> {
  await db.run(
    'INSERT INTO security_history (user_id, at, event, address, user_agent, detail) VALUES (?, ?, ?, ?, ?, ?)',
    userId, at, event, facts.address ?? '', (facts.userAgent ?? '').slice(0, USER_AGENT_MAX), (facts.detail ?? '').slice(0, DETAIL_MAX),
  )
  await keepNewest(db, 'security_history', userId, SECURITY_HISTORY_SIZE)
}

/** The user's history, newest first; an event a newer release wrote and this one does not know is left out. */
export async function securityHistory(db: Database, userId: number): Promise<SecurityHistoryEntry[]> {
  const rows = await db.all(
    'SELECT at, event, address, user_agent, detail FROM security_history WHERE user_id = ? ORDER BY id DESC LIMIT ?',
    userId, SECURITY_HISTORY_SIZE,
  )
  return rows.flatMap((row) => {
    const event = str(row, 'event')
    if (!isHistoryEvent(event)) return []
    return [{ at: num(row, 'at'), event, address: str(row, 'address'), ...describeUserAgent(str(row, 'user_agent')), detail: str(row, 'detail') }]
  })
}
