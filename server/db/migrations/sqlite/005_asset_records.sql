-- What the user sees of their money (AssetRecord of src/contract/assets.ts): one row per operation,
-- written in the same transaction as its ledger entry. A deposit or withdrawal is created
-- 'reviewing' (status 0) and moves once, conditionally, to finished (1) or rejected (2).

CREATE TABLE asset_records (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_type INTEGER NOT NULL CHECK (account_type IN (1, 2)),
  -- RECORD_TYPES: 1 deposit, 2 withdrawal, 3 transfer in, 4 transfer out, 5 exchange, 6 contract, 7 credit
  trade_type INTEGER NOT NULL CHECK (trade_type BETWEEN 1 AND 7),
  currency TEXT NOT NULL,
  -- signed as it moved this account (a withdrawal or transfer out is negative)
  amount TEXT NOT NULL,
  fee TEXT NOT NULL DEFAULT '0',
  actual_arrival TEXT NOT NULL DEFAULT '0',
  -- the currency of actual_arrival when it is not `currency` (an exchange's received currency)
  arrival_currency TEXT,
  status INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
  remark TEXT NOT NULL DEFAULT '',
  info TEXT NOT NULL DEFAULT '',
  -- deposits and withdrawals: where the money came from or goes to; proof: the uploaded image's
  -- server-made file name under DATA_DIR (deposits only)
  chain TEXT,
  address TEXT,
  proof TEXT,
  -- the ledger entry that moved the money when the record was made (freeze, credit, transfer…)
  entry_id INTEGER REFERENCES ledger_entries (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX asset_records_by_user ON asset_records (user_id, id);
CREATE INDEX asset_records_reviewing ON asset_records (status, id) WHERE status = 0;

-- The demo balances credited before this table existed get their records.
INSERT INTO asset_records (user_id, account_type, trade_type, currency, amount, actual_arrival, status, info, entry_id, created_at, updated_at)
  SELECT p.user_id, p.account_type, 7, p.currency, p.amount, p.amount, 1, e.memo, e.id, e.created_at, e.created_at
  FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
  WHERE p.user_id IS NOT NULL AND e.kind = 'seed'
  ORDER BY e.id;
