-- Balances. Amounts are NUMERIC here (SQLite keeps decimal strings, checked by GLOB patterns); the
-- CHECKs keep SQLite's meaning: never negative and finite (NUMERIC would take 'NaN' and 'Infinity').
-- SQLite's 003 also made a journal table that its 004 folded into the double-entry ledger and
-- dropped; a PostgreSQL database never held one, so it is not created.

CREATE TABLE balances (
  user_id BIGINT NOT NULL REFERENCES users (id),
  -- 1 spot, 2 contract
  account_type INTEGER NOT NULL CHECK (account_type IN (1, 2)),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 16 AND currency ~ '^[A-Z0-9]+$'),
  available NUMERIC NOT NULL DEFAULT 0 CHECK (available >= 0 AND available < 'Infinity'),
  frozen NUMERIC NOT NULL DEFAULT 0 CHECK (frozen >= 0 AND frozen < 'Infinity'),
  PRIMARY KEY (user_id, account_type, currency)
);
