-- Sessions, devices and the account's histories (issue 22; server/auth/sign-in.ts and
-- server/security/account/): what the sessions list shows, which devices have signed in before
-- (for the new-device mail), the last sign-in attempts, the security history, and the
-- anti-phishing code every mail to the account starts with.

-- A session's public id (the sessions list names it by this, never by its token or the token's
-- hash), and what it was opened from: the browser's user agent (capped), the client address and
-- the key of the device (a hash of the app's device id, or of the user agent). Sessions of an
-- older release get a random public id and show as an unknown device.
ALTER TABLE sessions ADD COLUMN public_id TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN device_key TEXT NOT NULL DEFAULT '';
-- When the login password was last given in this session (login, confirmPassword, a password
-- change). Unlike confirmed_at, which every money call lets slide (auth/step-up.ts), only a typed
-- password moves it: a change of the account's security wants one within FRESH_PASSWORD_SECONDS
-- (security/second-factor.ts), however busily the session has traded since. 0 for the sessions an
-- older release opened: their next security change asks for the password.
ALTER TABLE sessions ADD COLUMN password_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET public_id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX sessions_by_public_id ON sessions (public_id);

-- The devices each user has signed in from: a sign-in from a key not listed here mails the owner.
CREATE TABLE known_devices (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_key TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  PRIMARY KEY (user_id, device_key)
);

-- Sign-in attempts of existing accounts (a typed unknown email is never stored), the newest
-- SIGN_IN_HISTORY_SIZE per user kept: each insert deletes the ones it pushes out.
CREATE TABLE sign_in_history (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('ok', 'wrongPassword', 'wrongCode', 'limited', 'challengeExpired', 'passkeyFailed')),
  method TEXT NOT NULL CHECK (method IN ('password', 'code', 'recovery', 'passkey')),
  address TEXT NOT NULL,
  user_agent TEXT NOT NULL
);
CREATE INDEX sign_in_history_by_user ON sign_in_history (user_id, id);

-- The changes of an account's security (SECURITY_HISTORY_EVENTS), the newest SECURITY_HISTORY_SIZE
-- per user kept. detail: what it concerned, in plain words without secrets.
CREATE TABLE security_history (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  event TEXT NOT NULL,
  address TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  detail TEXT NOT NULL
);
CREATE INDEX security_history_by_user ON security_history (user_id, id);

-- The anti-phishing code ('' none): the first line of every mail sent to the account.
ALTER TABLE users ADD COLUMN anti_phishing TEXT NOT NULL DEFAULT '';
