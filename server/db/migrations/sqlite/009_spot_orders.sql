-- Spot trading (server/spot/): the orders, their fills, how far the feed pass has looked, the fee
-- parameters, and the 'market' system account — the counterparty of every fill against the feed's
-- liquidity (it takes the coin the user sells and pays the quote coin, and the other way round).
-- Amounts and prices are plain decimal strings as in 003/004; *_ticks are the same prices as whole
-- numbers of the pair's tick (price × 10^precision), which is what the book sorts and compares by.

-- side 1 buy, 2 sell; type 1 limit, 2 market, 3 stop-limit; status 1 untriggered, 2 open,
-- 3 filled, 4 cancelled (src/contract/spot.ts). `frozen` is what is still held for the order in the
-- spot account (quote coin for a buy, base coin for a sell); it reaches 0 when the order ends, in
-- the same transaction that unfreezes it. Every change of an order is `UPDATE … WHERE id = ? AND
-- status = ? AND filled = ?` with the values read, in the transaction of its ledger entry.
CREATE TABLE spot_orders (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  symbol TEXT NOT NULL CHECK (length(symbol) BETWEEN 2 AND 32),
  base TEXT NOT NULL CHECK (length(base) BETWEEN 1 AND 16),
  quote TEXT NOT NULL CHECK (length(quote) BETWEEN 1 AND 16),
  side INTEGER NOT NULL CHECK (side IN (1, 2)),
  type INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  post_only INTEGER NOT NULL DEFAULT 0 CHECK (post_only IN (0, 1)),
  price TEXT CHECK (price IS NULL OR (price GLOB '[0-9]*' AND price NOT GLOB '*[^0-9.]*')),
  price_ticks INTEGER,
  trigger_price TEXT CHECK (trigger_price IS NULL OR (trigger_price GLOB '[0-9]*' AND trigger_price NOT GLOB '*[^0-9.]*')),
  trigger_ticks INTEGER,
  -- 1: triggers when the last price rises to trigger_ticks or above; -1: when it falls to it or below
  trigger_direction INTEGER CHECK (trigger_direction IN (1, -1)),
  amount TEXT CHECK (amount IS NULL OR (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*')),
  total TEXT CHECK (total IS NULL OR (total GLOB '[0-9]*' AND total NOT GLOB '*[^0-9.]*')),
  filled TEXT NOT NULL DEFAULT '0' CHECK (filled GLOB '[0-9]*' AND filled NOT GLOB '*[^0-9.]*'),
  filled_quote TEXT NOT NULL DEFAULT '0' CHECK (filled_quote GLOB '[0-9]*' AND filled_quote NOT GLOB '*[^0-9.]*'),
  fee TEXT NOT NULL DEFAULT '0' CHECK (fee GLOB '[0-9]*' AND fee NOT GLOB '*[^0-9.]*'),
  frozen TEXT NOT NULL CHECK (frozen GLOB '[0-9]*' AND frozen NOT GLOB '*[^0-9.]*'),
  -- the fee rates in force at placement, which its fills pay: what it holds was reckoned with them,
  -- so an operator's later change of a rate applies to orders placed after it
  maker_fee_rate TEXT NOT NULL CHECK (maker_fee_rate GLOB '0*' AND maker_fee_rate NOT GLOB '*[^0-9.]*'),
  taker_fee_rate TEXT NOT NULL CHECK (taker_fee_rate GLOB '0*' AND taker_fee_rate NOT GLOB '*[^0-9.]*'),
  status INTEGER NOT NULL CHECK (status IN (1, 2, 3, 4)),
  created_at INTEGER NOT NULL,
  -- when it entered the book (time priority); NULL while untriggered and for market orders
  entered_at INTEGER,
  triggered_at INTEGER,
  triggered_price TEXT,
  updated_at INTEGER NOT NULL,
  freeze_entry_id INTEGER REFERENCES ledger_entries (id),
  CHECK ((type = 2) = (price IS NULL)),
  CHECK ((type = 3) = (trigger_price IS NOT NULL)),
  CHECK ((type = 2 AND side = 1) = (total IS NOT NULL AND amount IS NULL))
);
-- The book: resting orders of a pair and side by price, then time.
CREATE INDEX spot_orders_book ON spot_orders (symbol, side, price_ticks, entered_at, id) WHERE status = 2;
-- The stop-limits waiting for their trigger.
CREATE INDEX spot_orders_stops ON spot_orders (symbol, trigger_direction, trigger_ticks) WHERE status = 1;
CREATE INDEX spot_orders_by_user ON spot_orders (user_id, status, id);

-- One row per order per fill: a fill between two users is two rows (maker and taker) of one ledger
-- entry; a fill against the feed is one row. `at` is the instant whose price the fill used.
CREATE TABLE spot_fills (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES spot_orders (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  price TEXT NOT NULL,
  amount TEXT NOT NULL,
  quote_amount TEXT NOT NULL,
  fee TEXT NOT NULL,
  role INTEGER NOT NULL CHECK (role IN (1, 2)),
  counterparty INTEGER NOT NULL CHECK (counterparty IN (1, 2)),
  counter_order_id INTEGER REFERENCES spot_orders (id),
  entry_id INTEGER NOT NULL REFERENCES ledger_entries (id),
  at INTEGER NOT NULL
);
CREATE INDEX spot_fills_by_order ON spot_fills (order_id, id);

-- The last second (epoch seconds) of each pair's price path the feed pass has acted on, so that a
-- restart resumes there and orders crossed while the server was down fill at their crossing
-- instant. Only an optimisation of where to look: exactly-once comes from the orders' conditional
-- updates, so two passes that look at the same second change nothing twice.
CREATE TABLE spot_feed_cursor (
  symbol TEXT PRIMARY KEY,
  second INTEGER NOT NULL
);

-- Public: the trade screen shows the fee before an order is placed.
INSERT INTO params (name, value, public) VALUES ('spot_maker_fee_rate', '0.001', 1), ('spot_taker_fee_rate', '0.001', 1);

-- SQLite cannot alter a CHECK: ledger_postings is rebuilt (as in 008), this time with any
-- lower-case name as a system account, so that the engines still to come (contracts' insurance,
-- the launchpad's burn and stakers) add theirs without rebuilding it again. Which names exist is
-- the code's business (SystemAccount in server/ledger/postings.ts), checked on every posting.
CREATE TABLE ledger_postings_new (
  id INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES ledger_entries (id),
  user_id INTEGER REFERENCES users (id),
  account_type INTEGER CHECK (account_type IN (1, 2)),
  bucket TEXT CHECK (bucket IN ('available', 'frozen')),
  system TEXT CHECK (length(system) BETWEEN 1 AND 32 AND system NOT GLOB '*[^a-z_]*'),
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

-- asset_records (005) took record kinds 1 to 7; a spot fill is kind 8 (RECORD_TYPES). Rebuilt the
-- same way, keeping every row and id, with room for the kinds still to come (the code's
-- RECORD_TYPES decides which exist). seconds_orders.record_id refers to this table by name, so
-- the runner turns foreign keys off around this file and checks them all before it commits:
-- migrate: foreign keys off
CREATE TABLE asset_records_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  account_type INTEGER NOT NULL CHECK (account_type IN (1, 2)),
  trade_type INTEGER NOT NULL CHECK (trade_type BETWEEN 1 AND 99),
  currency TEXT NOT NULL,
  amount TEXT NOT NULL,
  fee TEXT NOT NULL DEFAULT '0',
  actual_arrival TEXT NOT NULL DEFAULT '0',
  arrival_currency TEXT,
  status INTEGER NOT NULL CHECK (status IN (0, 1, 2)),
  remark TEXT NOT NULL DEFAULT '',
  info TEXT NOT NULL DEFAULT '',
  chain TEXT,
  address TEXT,
  proof TEXT,
  entry_id INTEGER REFERENCES ledger_entries (id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
INSERT INTO asset_records_new SELECT id, user_id, account_type, trade_type, currency, amount, fee, actual_arrival, arrival_currency,
  status, remark, info, chain, address, proof, entry_id, created_at, updated_at FROM asset_records;
DROP TABLE asset_records;
ALTER TABLE asset_records_new RENAME TO asset_records;
CREATE INDEX asset_records_by_user ON asset_records (user_id, id);
CREATE INDEX asset_records_reviewing ON asset_records (status, id) WHERE status = 0;
