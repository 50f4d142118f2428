-- Two-factor codes (TOTP, RFC 6238; server/security/two-factor/).
-- A user's key: made by totp/start (enabled_at NULL while being set up; starting again replaces
-- it), on from totp/enable, gone at totp/disable. The key is sealed under the data key file like
-- the card numbers (security/sealed-numbers.ts TOTP_KEY): `secret` is the shape's plain column and
-- always ''; `secret_masked` is '' (nothing of a key is ever shown again). `last_used_step` is the
-- 30-second step of the last code accepted, so each code works once (a replay is refused).
CREATE TABLE totp_keys (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret TEXT NOT NULL DEFAULT '' CHECK (secret = ''),
  secret_sealed TEXT NOT NULL,
  secret_masked TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  enabled_at INTEGER,
  last_used_step INTEGER NOT NULL DEFAULT 0
);

-- The 10 recovery codes given when two-factor codes are turned on: SHA-256 of the user and the
-- code, never the code; each usable once (used_at).
CREATE TABLE recovery_codes (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  UNIQUE (user_id, code_hash)
);

-- Sign-in's second step: the password was right, a code is still wanted. The challenge handed to
-- the app is stored as its SHA-256, bound to the user and the device id given with the password,
-- and deleted when used or expired.
CREATE TABLE login_challenges (
  challenge_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX login_challenges_by_user ON login_challenges (user_id);
CREATE INDEX login_challenges_by_expiry ON login_challenges (expires_at);

-- When this session last gave a code to /bb/security/confirmFactor: lets exactly one call that
-- wants the second factor through within FACTOR_CONFIRMATION_SECONDS, and is cleared by it.
ALTER TABLE sessions ADD COLUMN factor_confirmed_at INTEGER;
