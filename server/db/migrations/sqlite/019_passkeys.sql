-- Passkeys (issue 22, server/security/passkeys/): WebAuthn credentials a user signs in with, and
-- the challenges of the ceremonies in flight. Times are integer milliseconds since the epoch.

-- One row per registered credential. credential_id and public_key are base64url (the COSE key as
-- the authenticator gave it); counter is the authenticator's sign count, which must grow at every
-- use when the authenticator keeps one (a count that does not grow is a cloned credential).
-- user_handle is the opaque random id the authenticator keeps for the account (never the email):
-- a discoverable sign-in answers it, and it must be this row's.
CREATE TABLE passkeys (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL CHECK (counter >= 0),
  transports TEXT NOT NULL DEFAULT '',
  user_handle TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_by_user ON passkeys (user_id, id);

-- A challenge lives 5 minutes and is used once (deleted when taken), kept
-- in the database so that any instance can finish a ceremony another started. A registration's
-- belongs to its user and carries the user handle the new credential gets; a sign-in's belongs to
-- nobody yet. address bounds how many sign-in challenges one client keeps alive.
CREATE TABLE passkey_challenges (
  challenge_id TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'login')),
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  user_handle TEXT,
  address TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  CHECK ((purpose = 'register') = (user_id IS NOT NULL AND user_handle IS NOT NULL))
);
CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_at);
CREATE INDEX passkey_challenges_by_address ON passkey_challenges (address, expires_at);
CREATE INDEX passkey_challenges_by_user ON passkey_challenges (user_id);
