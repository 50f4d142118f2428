-- Accounts, sessions, email codes and login-failure counters.
-- Times are integer milliseconds since the epoch (the server's injectable clock).

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  -- public numeric id shown on the profile; the row id stays internal to the wire's userId
  uid TEXT NOT NULL UNIQUE,
  -- stored trimmed and lower-cased so that lookups are case-insensitive
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  trade_password_hash TEXT,
  icon TEXT NOT NULL DEFAULT '',
  kyc_status INTEGER NOT NULL DEFAULT 0 CHECK (kyc_status IN (0, 1, 2)),
  invitation_code TEXT NOT NULL UNIQUE,
  invited_by INTEGER REFERENCES users (id),
  created_at INTEGER NOT NULL
);

-- Only the SHA-256 of a token is stored: a copy of the database does not hand out sessions.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- One live code per email and purpose. A row stays after use (code_hash = '') so that the resend
-- limit keeps counting from the last send. Rows are also written for emails that get no usable
-- code (registration of a taken email, reset of an unknown one), so answers look the same.
CREATE TABLE email_codes (
  email TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hash TEXT NOT NULL,
  sent_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (email, purpose)
);

-- Fixed-window counters of failed password checks, keyed by (account, address) and by address.
-- Kept in SQLite rather than memory so that a restart does not reset an attacker's budget.
CREATE TABLE login_failures (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_start INTEGER NOT NULL
);
CREATE INDEX login_failures_by_window ON login_failures (window_start);
