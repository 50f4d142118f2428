-- Leveraged contracts (server/contracts/): the terms of each USDT pair, the positions, how far the
-- trigger pass has looked, and the fee parameters. USDT-margined, isolated margin, in the contract
-- account; 'house' (008) is the counterparty and the insurance fund. Amounts and prices are plain
-- decimal strings as in 003/004; *_ticks are prices as whole ticks of the pair (price ×
-- 10^precision), which is what the pass compares and indexes by.

-- One row per pair on offer. An operator edits it with `npm run admin -- contracts set …` (which
-- checks that every multiple leaves room above the maintenance margin) or SQL. `leverages` are the
-- multiples on offer, ascending, comma-separated; maintenance_margin_rate is the share of the
-- notional below which a position is liquidated (it applies to positions opened after an edit);
-- min_quantity is in the base coin. The CHECKs keep an edit from making nonsense.
CREATE TABLE contract_config (
  symbol TEXT PRIMARY KEY CHECK (length(symbol) BETWEEN 2 AND 32 AND symbol NOT GLOB '*[^a-z]*'),
  leverages TEXT NOT NULL CHECK (
    leverages GLOB '[1-9]*' AND leverages NOT GLOB '*[^0-9,]*' AND leverages NOT GLOB '*,' AND leverages NOT GLOB '*,,*'
    AND length(leverages) <= 100
  ),
  maintenance_margin_rate TEXT NOT NULL CHECK (
    maintenance_margin_rate GLOB '0.[0-9]*' AND maintenance_margin_rate NOT GLOB '*[^0-9.]*' AND maintenance_margin_rate NOT GLOB '*.*.*'
    AND length(maintenance_margin_rate) <= 10 AND trim(maintenance_margin_rate, '0.') <> ''
  ),
  min_quantity TEXT NOT NULL CHECK (
    min_quantity GLOB '[0-9]*' AND min_quantity NOT GLOB '*[^0-9.]*' AND min_quantity NOT GLOB '*.*.*'
    AND min_quantity NOT GLOB '*.' AND length(min_quantity) <= 20 AND trim(min_quantity, '0.') <> ''
  )
);

-- BTC and ETH, the deepest markets, up to 100× at 0.5 %; the others to 50× at 1 % (100× would sit
-- on the maintenance margin itself). The minimums are worth a few to a hundred USDT at the feed's levels.
INSERT INTO contract_config (symbol, leverages, maintenance_margin_rate, min_quantity) VALUES
  ('btcusdt', '1,2,5,10,20,50,100', '0.005', '0.001'),
  ('ethusdt', '1,2,5,10,20,50,100', '0.005', '0.01'),
  ('ltcusdt', '1,2,5,10,20,50', '0.01', '0.1'),
  ('eosusdt', '1,2,5,10,20,50', '0.01', '10'),
  ('adausdt', '1,2,5,10,20,50', '0.01', '10'),
  ('xrpusdt', '1,2,5,10,20,50', '0.01', '10'),
  ('dogeusdt', '1,2,5,10,20,50', '0.01', '100');

-- direction 1 long, 2 short; entry_type 1 market, 2 limit; status 1 pending, 2 holding,
-- 3 finished, 4 liquidated, 5 cancelled; close_reason 1 user, 2 stop loss, 3 take profit,
-- 4 liquidation; result 1 win, 2 lose (src/contract/contracts.ts).
-- What a position holds frozen in the contract account: pending margin + open_fee, holding margin,
-- otherwise nothing. Every change is `UPDATE … WHERE id = ? AND status = ? AND revision = ?` with the
-- values read, in the transaction of its ledger entry and asset record, so it happens once.
-- down_ticks / up_ticks are the levels the pass watches while the position is pending or holding
-- (NULL otherwise): it acts when the last price falls to down_ticks or rises to up_ticks, at
-- instants after watch_from (the last change of what it watches).
CREATE TABLE contract_positions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  symbol TEXT NOT NULL CHECK (length(symbol) BETWEEN 2 AND 32),
  base TEXT NOT NULL CHECK (length(base) BETWEEN 1 AND 16),
  quote TEXT NOT NULL CHECK (length(quote) BETWEEN 1 AND 16),
  direction INTEGER NOT NULL CHECK (direction IN (1, 2)),
  leverage INTEGER NOT NULL CHECK (leverage BETWEEN 1 AND 1000),
  entry_type INTEGER NOT NULL CHECK (entry_type IN (1, 2)),
  limit_price TEXT,
  limit_ticks INTEGER,
  quantity TEXT NOT NULL CHECK (quantity GLOB '[0-9]*' AND quantity NOT GLOB '*[^0-9.]*'),
  opened_quantity TEXT NOT NULL CHECK (opened_quantity GLOB '[0-9]*' AND opened_quantity NOT GLOB '*[^0-9.]*'),
  entry_price TEXT,
  entry_ticks INTEGER,
  margin TEXT NOT NULL CHECK (margin GLOB '[0-9]*' AND margin NOT GLOB '*[^0-9.]*'),
  maintenance_margin_rate TEXT NOT NULL,
  liquidation_price TEXT,
  liquidation_ticks INTEGER,
  stop_loss TEXT,
  stop_loss_ticks INTEGER,
  take_profit TEXT,
  take_profit_ticks INTEGER,
  open_fee TEXT NOT NULL CHECK (open_fee GLOB '[0-9]*' AND open_fee NOT GLOB '*[^0-9.]*'),
  close_fee TEXT NOT NULL DEFAULT '0' CHECK (close_fee GLOB '[0-9]*' AND close_fee NOT GLOB '*[^0-9.]*'),
  -- signed, before fees
  realized_pnl TEXT NOT NULL DEFAULT '0' CHECK ((realized_pnl GLOB '[0-9]*' OR realized_pnl GLOB '-[0-9]*') AND substr(realized_pnl, 2) NOT GLOB '*[^0-9.]*'),
  status INTEGER NOT NULL CHECK (status IN (1, 2, 3, 4, 5)),
  close_reason INTEGER CHECK (close_reason IN (1, 2, 3, 4)),
  result INTEGER CHECK (result IN (1, 2)),
  -- the price of the last close and the instant it is of (a trigger's crossing instant)
  exit_price TEXT,
  exit_at INTEGER,
  down_ticks INTEGER,
  up_ticks INTEGER,
  watch_from INTEGER,
  revision INTEGER NOT NULL DEFAULT 0,
  -- a limit entry's asset record of its opening (reviewing while it waits; settled at entry or cancel)
  record_id INTEGER REFERENCES asset_records (id),
  created_at INTEGER NOT NULL,
  opened_at INTEGER,
  closed_at INTEGER,
  updated_at INTEGER NOT NULL,
  CHECK ((entry_type = 2) = (limit_price IS NOT NULL)),
  CHECK ((status IN (1, 5)) = (entry_price IS NULL)),
  CHECK ((status IN (1, 2)) = (watch_from IS NOT NULL)),
  CHECK ((status IN (1, 2)) OR (down_ticks IS NULL AND up_ticks IS NULL)),
  CHECK ((status IN (3, 4)) = (result IS NOT NULL AND close_reason IS NOT NULL AND closed_at IS NOT NULL))
);
-- What the pass asks on every second that moves: the watched levels of a pair, nearest first, and
-- the positions the price reached. Only pending and holding positions have them.
CREATE INDEX contract_positions_down ON contract_positions (symbol, down_ticks) WHERE down_ticks IS NOT NULL;
CREATE INDEX contract_positions_up ON contract_positions (symbol, up_ticks) WHERE up_ticks IS NOT NULL;
CREATE INDEX contract_positions_by_user ON contract_positions (user_id, status, id);

-- The last second (epoch seconds) of each pair's price path the contracts' pass has acted on, as
-- spot_feed_cursor (009) is for spot: only where to look from, exactly-once comes from the
-- positions' conditional updates.
CREATE TABLE contract_feed_cursor (
  symbol TEXT PRIMARY KEY,
  second INTEGER NOT NULL
);

-- Public: the trade screen shows the fees before a position is opened.
INSERT INTO params (name, value, public) VALUES ('contract_open_fee_rate', '0.0005', 1), ('contract_close_fee_rate', '0.0005', 1);
