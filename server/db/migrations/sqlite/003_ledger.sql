-- Balances and their journal. Amounts are decimal strings written by bignumber.js (toFixed, never
-- exponent notation): SQLite has no decimal type and REAL would round. The CHECKs accept only
-- plain non-negative decimals (digits, at most one dot, no sign), which is exactly "never
-- negative" without converting to floating point.

CREATE TABLE balances (
  user_id INTEGER NOT NULL REFERENCES users (id),
  -- 1 spot, 2 contract
  account_type INTEGER NOT NULL CHECK (account_type IN (1, 2)),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 16 AND currency NOT GLOB '*[^A-Z0-9]*'),
  available TEXT NOT NULL DEFAULT '0'
    CHECK (available GLOB '[0-9]*' AND available NOT GLOB '*[^0-9.]*' AND available NOT GLOB '*.*.*' AND available NOT GLOB '*.'),
  frozen TEXT NOT NULL DEFAULT '0'
    CHECK (frozen GLOB '[0-9]*' AND frozen NOT GLOB '*[^0-9.]*' AND frozen NOT GLOB '*.*.*' AND frozen NOT GLOB '*.'),
  PRIMARY KEY (user_id, account_type, currency)
);

-- Every change of a balance has a row here, written in the same transaction. amount is signed.
CREATE TABLE journal (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_type INTEGER NOT NULL CHECK (account_type IN (1, 2)),
  currency TEXT NOT NULL,
  amount TEXT NOT NULL
    CHECK ((amount GLOB '[0-9]*' OR amount GLOB '-[0-9]*') AND substr(amount, 2) NOT GLOB '*[^0-9.]*'),
  kind TEXT NOT NULL,
  memo TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX journal_by_account ON journal (user_id, account_type, currency, id);
