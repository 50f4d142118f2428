-- What several server instances on one database must share beyond the tables of the features
-- (architecture §6 "Storage"). On SQLite (one machine, one DATA_DIR) both stay files under DATA_DIR
-- and these tables stay empty; they exist on both engines so that the schemas, and a copy from one
-- to the other (`npm run admin -- copy-to-postgres`), match.

-- Uploaded images (deposit proofs, identity photos, avatars) by folder and server-made name.
CREATE TABLE stored_files (
  folder TEXT NOT NULL CHECK (folder IN ('uploads', 'avatars')),
  name TEXT NOT NULL CHECK (length(name) = 36),
  bytes BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (folder, name)
);

-- Server secrets every instance must agree on (the deposit addresses' HMAC key), hex.
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  value TEXT NOT NULL CHECK (length(value) >= 64)
);
