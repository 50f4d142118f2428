-- The profile area (issue 12): identity verification submissions, the inbox, announcements and the
-- collection account. Times are integer milliseconds since the epoch.

-- One row per submission; a rejected one stays (with its reason) and the user may submit again.
-- state: 1 reviewing, 2 verified, 3 rejected (KYC_STATE of src/contract/profile.ts). users.kyc_status
-- keeps spec §4's three values (0 none — also after a rejection —, 1 reviewing, 2 verified).
CREATE TABLE kyc_submissions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  name TEXT NOT NULL,
  doc_type INTEGER NOT NULL CHECK (doc_type IN (1, 2, 3)),
  doc_number TEXT NOT NULL,
  -- names of re-encoded files in DATA_DIR/uploads (server/uploads/store.ts)
  front_photo TEXT NOT NULL,
  back_photo TEXT NOT NULL,
  state INTEGER NOT NULL CHECK (state IN (1, 2, 3)),
  reason TEXT NOT NULL DEFAULT '',
  submitted_at INTEGER NOT NULL,
  reviewed_at INTEGER
);
-- At most one submission under review or verified per user: a second one cannot even be stored.
CREATE UNIQUE INDEX kyc_one_open_per_user ON kyc_submissions (user_id) WHERE state IN (1, 2);
CREATE INDEX kyc_by_user ON kyc_submissions (user_id, id);
CREATE INDEX kyc_by_state ON kyc_submissions (state, id);

-- What an operator announced, per language: {"en-US": {"title": …, "body": …}, "ko": …}.
CREATE TABLE announcements (
  id INTEGER PRIMARY KEY,
  texts TEXT NOT NULL,
  default_lang TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- The inbox. event_key names the event a message reports ('deposit:12', 'kyc:3:approved', …): the
-- unique key makes a second message about one event impossible, whatever path tried to write it.
CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL,
  params TEXT NOT NULL DEFAULT '{}',
  announcement_id INTEGER REFERENCES announcements (id),
  event_key TEXT NOT NULL,
  read_at INTEGER,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, event_key)
);
CREATE INDEX messages_by_user ON messages (user_id, id);
CREATE INDEX messages_unread_by_user ON messages (user_id) WHERE read_at IS NULL;

-- The collection account (bank card) a user is paid to; one per user, replaced when changed.
CREATE TABLE collection_accounts (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  bank_name TEXT NOT NULL,
  card_name TEXT NOT NULL,
  card_number TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

-- The inviter's records (/me/share-record) page through the users they invited.
CREATE INDEX users_by_inviter ON users (invited_by, id);

-- A demo support chat, so the contact screen's chat entry shows; an operator's own link stays.
UPDATE params SET value = 'https://chat.exchange.local/support' WHERE name = 'customer_service_ws' AND value = '';

-- The demo account is verified (seed.ts does it on a fresh database; this for one seeded before).
UPDATE users SET kyc_status = 2 WHERE email = 'demo@exchange.local' AND kyc_status = 0;
