// Writing to a user's inbox. Always called inside the transaction of the event a message reports,
// right after that event's own conditional update (a deposit's status leaving reviewing, a position
// becoming liquidated…): the message exists exactly when the event does. The (user, event key)
// unique key refuses a second message about one event, so a bug could never show it twice.
import type { Database } from '../db/database.ts'
import type { MessageKind, MessageParams } from '../../src/contract/profile.ts'

export interface PostedMessage {
  userId: number
  kind: MessageKind
  /** Names the event, unique per user: e.g. `deposit:12`, `kyc:3`, `liquidation:7`. */
  eventKey: string
  params?: MessageParams
  now: number
}

/** Adds one message to the user's inbox; call inside the event's BEGIN IMMEDIATE transaction. */
export async function postMessage(db: Database, message: PostedMessage): Promise<void> {
  if (!db.inTransaction) throw new Error('postMessage(): must ride on the transaction of its event')
  await db.run('INSERT INTO messages (user_id, kind, params, event_key, created_at) VALUES (?, ?, ?, ?, ?)', message.userId,
    message.kind,
    JSON.stringify(message.params ?? {}),
    message.eventKey,
    message.now)
}
