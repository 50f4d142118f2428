-- The withdrawal address book and the per-currency withdrawal limits (issue 4). Deposits and
-- withdrawals themselves are asset_records rows (005), their proof images files under
-- DATA_DIR/uploads/ named in asset_records.proof.

-- One row per saved address. address is stored normalized (server/withdrawals/address-format.ts:
-- Bech32 and hex lower-case), so the UNIQUE constraint also catches the same address typed in
-- another case.
CREATE TABLE withdraw_addresses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 16 AND currency NOT GLOB '*[^A-Z0-9]*'),
  chain TEXT NOT NULL CHECK (length(chain) BETWEEN 1 AND 16),
  address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 130),
  remark TEXT NOT NULL DEFAULT '' CHECK (length(remark) <= 64),
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, currency, chain, address)
);

-- Limits of a single withdrawal, in the currency: an operator edits them in SQL, e.g.
--   UPDATE withdraw_config SET fee = '0.0004' WHERE currency = 'BTC';
--   UPDATE withdraw_config SET enabled = 0 WHERE currency = 'DOGE';   -- suspend withdrawals
-- The CHECKs keep an edit from making nonsense: plain decimals, 0 ≤ fee < min ≤ max.
CREATE TABLE withdraw_config (
  currency TEXT PRIMARY KEY CHECK (length(currency) BETWEEN 1 AND 16 AND currency NOT GLOB '*[^A-Z0-9]*'),
  min TEXT NOT NULL CHECK (min GLOB '[0-9]*' AND min NOT GLOB '*[^0-9.]*' AND min NOT GLOB '*.*.*' AND min NOT GLOB '*.'),
  max TEXT NOT NULL CHECK (max GLOB '[0-9]*' AND max NOT GLOB '*[^0-9.]*' AND max NOT GLOB '*.*.*' AND max NOT GLOB '*.'),
  fee TEXT NOT NULL CHECK (fee GLOB '[0-9]*' AND fee NOT GLOB '*[^0-9.]*' AND fee NOT GLOB '*.*.*' AND fee NOT GLOB '*.'),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  CHECK (CAST(fee AS REAL) < CAST(min AS REAL) AND CAST(min AS REAL) <= CAST(max AS REAL))
);

-- Typical exchange levels: the fee covers the network's cost, the minimum is well above the fee.
INSERT INTO withdraw_config (currency, min, max, fee) VALUES
  ('USDT', '10', '50000', '1'),
  ('BTC', '0.001', '5', '0.0005'),
  ('ETH', '0.01', '100', '0.005'),
  ('LTC', '0.1', '2000', '0.001'),
  ('EOS', '1', '100000', '0.1'),
  ('ADA', '10', '500000', '1'),
  ('XRP', '20', '500000', '0.25'),
  ('DOGE', '50', '5000000', '5');
