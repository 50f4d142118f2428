-- The double-entry ledger. Every movement of money is one entry with two or more postings whose
-- signed amounts sum to zero per currency. A posting names either a user's balance bucket
-- (user, account type, available|frozen) or a system account (outside: the world beyond the
-- exchange; fees: what the exchange earned; exchange: the counterparty of currency swaps). The
-- balances table stays the fast read model of the user buckets; verifyLedger (server/ledger/verify.ts)
-- recomputes it from the postings. Amounts are plain decimal strings as in 003.

CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY,
  -- what moved the money: seed, credit, deposit, freeze, unfreeze, payout, transfer, exchange…
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
  memo TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE ledger_postings (
  id INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES ledger_entries (id),
  user_id INTEGER REFERENCES users (id),
  account_type INTEGER CHECK (account_type IN (1, 2)),
  bucket TEXT CHECK (bucket IN ('available', 'frozen')),
  system TEXT CHECK (system IN ('outside', 'fees', 'exchange')),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 16 AND currency NOT GLOB '*[^A-Z0-9]*'),
  -- signed, never zero, never exponent notation
  amount TEXT NOT NULL CHECK (
    (amount GLOB '[0-9]*' OR amount GLOB '-[0-9]*')
    AND substr(amount, 2) NOT GLOB '*[^0-9.]*' AND amount NOT GLOB '*.*.*' AND amount NOT GLOB '*.'
    AND amount NOT GLOB '-' AND trim(amount, '-0.') <> ''
  ),
  -- exactly one of: a user bucket, a system account
  CHECK (
    (system IS NULL AND user_id IS NOT NULL AND account_type IS NOT NULL AND bucket IS NOT NULL)
    OR (system IS NOT NULL AND user_id IS NULL AND account_type IS NULL AND bucket IS NULL)
  )
);
CREATE INDEX ledger_postings_by_entry ON ledger_postings (entry_id);
CREATE INDEX ledger_postings_by_user ON ledger_postings (user_id, account_type, currency) WHERE user_id IS NOT NULL;

-- 003's single-sided journal becomes entries against 'outside' (all it ever held were credits of
-- demo balances, money that came from beyond the exchange), keeping ids, kinds, memos and times.
INSERT INTO ledger_entries (id, kind, memo, created_at) SELECT id, kind, memo, created_at FROM journal;
INSERT INTO ledger_postings (entry_id, user_id, account_type, bucket, currency, amount)
  SELECT id, user_id, account_type, 'available', currency, amount FROM journal;
INSERT INTO ledger_postings (entry_id, system, currency, amount)
  SELECT id, 'outside', currency,
    CASE WHEN substr(amount, 1, 1) = '-' THEN substr(amount, 2) ELSE '-' || amount END
  FROM journal;
DROP TABLE journal;
