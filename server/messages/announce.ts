// Operator announcements (`npm run admin -- notice …`): one announcement row with its text in each
// language given, and a message pointing at it in the inbox of every user there is now, all in one
// transaction. The reader's accept-language picks the text (languages.ts).
import type { Database } from '../db/database.ts'

export interface AnnouncementText {
  title: string
  body: string
}

/** Language → text; the first language given is the default for readers of any other. */
export type AnnouncementTexts = ReadonlyArray<readonly [lang: string, text: AnnouncementText]>

/** Publishes the announcement; answers its id and how many inboxes it reached. */
export async function announce(db: Database, texts: AnnouncementTexts, now: number): Promise<{ id: number; recipients: number }> {
  const [first] = texts
  if (!first) throw new Error('announce(): no text')
  return await db.transaction(async () => {
    const row = await db.get('INSERT INTO announcements (texts, default_lang, created_at) VALUES (?, ?, ?) RETURNING id', JSON.stringify(Object.fromEntries(texts)), first[0], now)
    const id = Number(row?.id)
    const sent = await db.run(`INSERT INTO messages (user_id, kind, params, announcement_id, event_key, created_at)
         SELECT id, 'announcement', '{}', ?, ?, ? FROM users`, id, `announcement:${id}`, now)
    return { id, recipients: Number(sent.changes) }
  })
}
