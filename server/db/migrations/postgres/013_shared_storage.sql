-- What several server instances on one database must share beyond the tables of the features
-- (architecture §6 "Storage"): uploaded images and the server's secrets live here, so that any
-- instance serves what another stored and derives the same deposit addresses.

-- Uploaded images (deposit proofs, identity photos, avatars) by folder and server-made name.
CREATE TABLE stored_files (
  folder TEXT NOT NULL CHECK (folder IN ('uploads', 'avatars')),
  name TEXT NOT NULL CHECK (length(name) = 36),
  bytes BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (folder, name)
);

-- Server secrets every instance must agree on (the deposit addresses' HMAC key), hex.
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  value TEXT NOT NULL CHECK (length(value) >= 64)
);
