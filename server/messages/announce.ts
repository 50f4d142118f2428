// Operator announcements (`npm run admin -- notice …`): one announcement row with its text in each
// language given, and a message pointing at it in the inbox of every user there is now, all in one
// transaction. The reader's accept-language picks the text (languages.ts).
import type { DatabaseSync } from 'node:sqlite'
import { immediate } from '../db/transaction.ts'

export interface AnnouncementText {
  title: string
  body: string
}

/** Language → text; the first language given is the default for readers of any other. */
export type AnnouncementTexts = ReadonlyArray<readonly [lang: string, text: AnnouncementText]>

/** Publishes the announcement; answers its id and how many inboxes it reached. */
export function announce(db: DatabaseSync, texts: AnnouncementTexts, now: number): { id: number; recipients: number } {
  const [first] = texts
  if (!first) throw new Error('announce(): no text')
  return immediate(db, () => {
    const row = db
      .prepare('INSERT INTO announcements (texts, default_lang, created_at) VALUES (?, ?, ?) RETURNING id')
      .get(JSON.stringify(Object.fromEntries(texts)), first[0], now)
    const id = Number(row?.id)
    const sent = db
      .prepare(
        `INSERT INTO messages (user_id, kind, params, announcement_id, event_key, created_at)
         SELECT id, 'announcement', '{}', ?, ?, ? FROM users`,
      )
      .run(id, `announcement:${id}`, now)
    return { id, recipients: Number(sent.changes) }
  })
}
