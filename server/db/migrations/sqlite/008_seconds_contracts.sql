-- Seconds contracts (server/seconds/): the operator's durations, the orders, and the 'house'
-- system account that is the counterparty of every order (it pays a win's profit and takes a
-- loss's stake). Amounts are plain decimal strings as in 003/004.

-- One row per duration offered. An operator edits it with `npm run admin -- seconds set …` or SQL:
--   UPDATE seconds_config SET income_rate = '0.82' WHERE second = 30;
--   DELETE FROM seconds_config WHERE second = 300;            -- stop offering it (open orders still settle)
-- income_rate is the share of the open amount a win pays on top (0.85 = 85 %); open_amount_min is
-- in the quote coin of the pair. The CHECKs keep an edit from making nonsense.
CREATE TABLE seconds_config (
  second INTEGER PRIMARY KEY CHECK (second BETWEEN 1 AND 86400),
  income_rate TEXT NOT NULL CHECK (
    income_rate GLOB '[0-9]*' AND income_rate NOT GLOB '*[^0-9.]*' AND income_rate NOT GLOB '*.*.*'
    AND income_rate NOT GLOB '*.' AND length(income_rate) <= 20
  ),
  open_amount_min TEXT NOT NULL CHECK (
    open_amount_min GLOB '[0-9]*' AND open_amount_min NOT GLOB '*[^0-9.]*' AND open_amount_min NOT GLOB '*.*.*'
    AND open_amount_min NOT GLOB '*.' AND length(open_amount_min) <= 20
  )
);

-- Longer holds pay more, and ask for a larger stake: the usual shape of such products.
INSERT INTO seconds_config (second, income_rate, open_amount_min) VALUES
  (30, '0.8', '10'),
  (60, '0.85', '10'),
  (120, '0.9', '50'),
  (300, '0.95', '100');

-- status 1 open, 2 settled (ENTRY_STATUS); result 1 win, 2 lose, 3 draw (SECONDS_RESULTS). An order
-- moves from open to settled exactly once, by `UPDATE … WHERE id = ? AND status = 1` in the same
-- transaction as its money. Prices are those of the feed at open_time and at settle_time, kept so
-- that anyone can check them against the chart. settle_price stays NULL on a settled order only
-- when no price of its due instant could be had (proxy feed down): it is then returned, fee too.
CREATE TABLE seconds_orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  base_coin TEXT NOT NULL CHECK (length(base_coin) BETWEEN 1 AND 16),
  quote_coin TEXT NOT NULL CHECK (length(quote_coin) BETWEEN 1 AND 16),
  trade_type INTEGER NOT NULL CHECK (trade_type IN (1, 2)),
  open_amount TEXT NOT NULL CHECK (open_amount GLOB '[0-9]*' AND open_amount NOT GLOB '*[^0-9.]*'),
  fee TEXT NOT NULL CHECK (fee GLOB '[0-9]*' AND fee NOT GLOB '*[^0-9.]*'),
  position_time INTEGER NOT NULL CHECK (position_time > 0),
  income_rate TEXT NOT NULL,
  open_time INTEGER NOT NULL,
  settle_time INTEGER NOT NULL CHECK (settle_time > open_time),
  open_price TEXT NOT NULL,
  settle_price TEXT,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  result INTEGER CHECK (result IN (1, 2, 3)),
  -- signed, in the quote coin
  profit TEXT CHECK (profit IS NULL OR ((profit GLOB '[0-9]*' OR profit GLOB '-[0-9]*') AND substr(profit, 2) NOT GLOB '*[^0-9.]*')),
  -- the user's asset record of the order, and the ledger entries that opened and settled it
  record_id INTEGER REFERENCES asset_records (id),
  open_entry_id INTEGER NOT NULL REFERENCES ledger_entries (id),
  settle_entry_id INTEGER REFERENCES ledger_entries (id),
  settled_at INTEGER,
  CHECK (
    (status = 1 AND result IS NULL AND profit IS NULL AND settle_price IS NULL AND settled_at IS NULL)
    OR (status = 2 AND result IS NOT NULL AND profit IS NOT NULL AND settled_at IS NOT NULL)
  )
);
-- What the scheduler scans every tick: the open orders by due time.
CREATE INDEX seconds_orders_due ON seconds_orders (settle_time) WHERE status = 1;
CREATE INDEX seconds_orders_by_user ON seconds_orders (user_id, status, id);

-- SQLite cannot alter a CHECK: ledger_postings is rebuilt with 'house' among the system accounts,
-- keeping every row and id (no table references it, so the drop and rename touch nothing else).
CREATE TABLE ledger_postings_new (
  id INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES ledger_entries (id),
  user_id INTEGER REFERENCES users (id),
  account_type INTEGER CHECK (account_type IN (1, 2)),
  bucket TEXT CHECK (bucket IN ('available', 'frozen')),
  system TEXT CHECK (system IN ('outside', 'fees', 'exchange', 'house')),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 16 AND currency NOT GLOB '*[^A-Z0-9]*'),
  amount TEXT NOT NULL CHECK (
    (amount GLOB '[0-9]*' OR amount GLOB '-[0-9]*')
    AND substr(amount, 2) NOT GLOB '*[^0-9.]*' AND amount NOT GLOB '*.*.*' AND amount NOT GLOB '*.'
    AND amount NOT GLOB '-' AND trim(amount, '-0.') <> ''
  ),
  CHECK (
    (system IS NULL AND user_id IS NOT NULL AND account_type IS NOT NULL AND bucket IS NOT NULL)
    OR (system IS NOT NULL AND user_id IS NULL AND account_type IS NULL AND bucket IS NULL)
  )
);
INSERT INTO ledger_postings_new (id, entry_id, user_id, account_type, bucket, system, currency, amount)
  SELECT id, entry_id, user_id, account_type, bucket, system, currency, amount FROM ledger_postings;
DROP TABLE ledger_postings;
ALTER TABLE ledger_postings_new RENAME TO ledger_postings;
CREATE INDEX ledger_postings_by_entry ON ledger_postings (entry_id);
CREATE INDEX ledger_postings_by_user ON ledger_postings (user_id, account_type, currency) WHERE user_id IS NOT NULL;
