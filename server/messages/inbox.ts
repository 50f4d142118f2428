// Reading one's own inbox: pages newest first with the count, the unread count, a message opened
// (which marks it read) and marking read. Every query is bound to the caller's user id, so another
// user's message is simply "not found".
import type { Database } from '../db/database.ts'
import type { InboxMessage, InboxPage, MessageKind, MessageParams } from '../../src/contract/profile.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'
import type { AnnouncementText } from './announce.ts'
import { pickLanguage } from './languages.ts'

const SELECT = `SELECT m.id, m.kind, m.params, m.read_at, m.created_at, a.texts, a.default_lang
  FROM messages m LEFT JOIN announcements a ON a.id = m.announcement_id`

function parseParams(text: string): MessageParams {
  const value: unknown = JSON.parse(text)
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, String(v)]))
}

function announcementText(row: Row, accepted: readonly string[]): AnnouncementText {
  const texts = strOrNull(row, 'texts')
  if (texts === null) return { title: '', body: '' }
  const byLang = JSON.parse(texts) as Record<string, AnnouncementText>
  const lang = pickLanguage(Object.keys(byLang), accepted, str(row, 'default_lang'))
  return byLang[lang] ?? { title: '', body: '' }
}

function toMessage(row: Row, accepted: readonly string[]): InboxMessage {
  const { title, body } = announcementText(row, accepted)
  return {
    id: String(num(row, 'id')),
    kind: str(row, 'kind') as MessageKind,
    params: parseParams(str(row, 'params')),
    title,
    body,
    read: row.read_at === null ? 0 : 1,
    createdAt: num(row, 'created_at'),
  }
}

export async function inboxPage(db: Database, userId: number, pageNo: number, pageSize: number, accepted: readonly string[]): Promise<InboxPage> {
  const rows = await db.all(`${SELECT} WHERE m.user_id = ? ORDER BY m.id DESC LIMIT ? OFFSET ?`, userId, pageSize, (pageNo - 1) * pageSize)
  const sum = num(await db.get('SELECT count(*) AS n FROM messages WHERE user_id = ?', userId) ?? { n: 0 }, 'n')
  return { list: rows.map((row) => toMessage(row, accepted)), sum }
}

export const unreadCount = async (db: Database, userId: number): Promise<number> =>
  num(await db.get('SELECT count(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL', userId) ?? { n: 0 }, 'n')

/** Opens one of the caller's messages, marking it read; undefined when it is not theirs or not there. */
export async function openMessage(db: Database, userId: number, id: number, accepted: readonly string[], now: number): Promise<InboxMessage | undefined> {
  await db.run('UPDATE messages SET read_at = ? WHERE id = ? AND user_id = ? AND read_at IS NULL', now, id, userId)
  const row = await db.get(`${SELECT} WHERE m.id = ? AND m.user_id = ?`, id, userId)
  return row ? toMessage(row, accepted) : undefined
}

/** Marks one message (or, without an id, all) of the caller read; answers whether the one existed. */
export async function markRead(db: Database, userId: number, id: number | undefined, now: number): Promise<boolean> {
  if (id === undefined) {
    await db.run('UPDATE messages SET read_at = ? WHERE user_id = ? AND read_at IS NULL', now, userId)
    return true
  }
  await db.run('UPDATE messages SET read_at = ? WHERE id = ? AND user_id = ? AND read_at IS NULL', now, id, userId)
  return await db.get('SELECT 1 FROM messages WHERE id = ? AND user_id = ?', id, userId) !== undefined
}
