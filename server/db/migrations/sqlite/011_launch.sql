-- The new-coin launchpad (server/launch/, src/contract/launch.ts): projects, subscriptions and the
-- sale fee. Money columns are plain decimal strings as in 003/004. 'launch' (the pool: receives the
-- USDT of allocations, issues the tokens, buys sold tokens back), 'burn' and 'stakers' are system
-- accounts of ledger_postings (009 lets it take any lower-case name; postings.ts decides).

-- state: open until the allocation pass (or a cancel) changes it, once, with `WHERE state = 'open'`.
-- subscribed: every subscriber's quantity so far, updated in each subscription's transaction.
-- unlock_at = join_end + lock_days (a test project's lock may be shorter than a day).
-- descriptions: JSON object of the four languages. paper: the white paper's file under DATA_DIR
-- (NULL until first asked for; drawn then). Quantities have `precision` decimals and
-- precision + the price's decimals ≤ 8, so quantity × price is exact in 8 decimals.
CREATE TABLE launch_projects (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL UNIQUE CHECK (length(symbol) BETWEEN 2 AND 10 AND symbol NOT GLOB '*[^A-Z0-9]*'),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  price TEXT NOT NULL CHECK (price GLOB '[0-9]*' AND price NOT GLOB '*[^0-9.]*' AND price NOT GLOB '*.*.*' AND trim(price, '0.') <> ''),
  for_sale TEXT NOT NULL CHECK (for_sale GLOB '[0-9]*' AND for_sale NOT GLOB '*[^0-9.]*' AND for_sale NOT GLOB '*.*.*' AND trim(for_sale, '0.') <> ''),
  min_per_user TEXT NOT NULL CHECK (min_per_user GLOB '[0-9]*' AND min_per_user NOT GLOB '*[^0-9.]*' AND trim(min_per_user, '0.') <> ''),
  max_per_user TEXT NOT NULL CHECK (max_per_user GLOB '[0-9]*' AND max_per_user NOT GLOB '*[^0-9.]*' AND trim(max_per_user, '0.') <> ''),
  precision INTEGER NOT NULL CHECK (precision BETWEEN 0 AND 8),
  warmup_start INTEGER NOT NULL,
  join_start INTEGER NOT NULL,
  join_end INTEGER NOT NULL,
  lock_days INTEGER NOT NULL CHECK (lock_days BETWEEN 0 AND 3650),
  unlock_at INTEGER NOT NULL,
  descriptions TEXT NOT NULL CHECK (json_valid(descriptions)),
  hue INTEGER NOT NULL CHECK (hue BETWEEN 0 AND 359),
  paper TEXT,
  subscribed TEXT NOT NULL DEFAULT '0' CHECK (subscribed GLOB '[0-9]*' AND subscribed NOT GLOB '*[^0-9.]*'),
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'allocated', 'cancelled')),
  settled_at INTEGER,
  created_at INTEGER NOT NULL,
  CHECK (warmup_start <= join_start AND join_start < join_end AND unlock_at >= join_end)
);
CREATE INDEX launch_projects_open ON launch_projects (join_end) WHERE state = 'open';

-- status: pending (USDT frozen) → allocated (tokens given, maybe 0 … then refunded) or refunded.
-- Each change is `UPDATE … WHERE id = ? AND status = ?` (or `unlocked = 0`, `sold = ?`) in the
-- transaction of its ledger entry and asset record, so it happens once.
CREATE TABLE launch_subscriptions (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES launch_projects (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  quantity TEXT NOT NULL CHECK (quantity GLOB '[0-9]*' AND quantity NOT GLOB '*[^0-9.]*' AND trim(quantity, '0.') <> ''),
  frozen TEXT NOT NULL CHECK (frozen GLOB '[0-9]*' AND frozen NOT GLOB '*[^0-9.]*'),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'allocated', 'refunded')),
  allocated TEXT CHECK (allocated IS NULL OR (allocated GLOB '[0-9]*' AND allocated NOT GLOB '*[^0-9.]*')),
  refunded TEXT CHECK (refunded IS NULL OR (refunded GLOB '[0-9]*' AND refunded NOT GLOB '*[^0-9.]*')),
  unlocked INTEGER NOT NULL DEFAULT 0 CHECK (unlocked IN (0, 1)),
  sold TEXT NOT NULL DEFAULT '0' CHECK (sold GLOB '[0-9]*' AND sold NOT GLOB '*[^0-9.]*'),
  proceeds TEXT NOT NULL DEFAULT '0' CHECK (proceeds GLOB '[0-9]*' AND proceeds NOT GLOB '*[^0-9.]*'),
  fee TEXT NOT NULL DEFAULT '0' CHECK (fee GLOB '[0-9]*' AND fee NOT GLOB '*[^0-9.]*'),
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  unlocked_at INTEGER
);
CREATE INDEX launch_subscriptions_by_user ON launch_subscriptions (user_id, id);
CREATE INDEX launch_subscriptions_by_project ON launch_subscriptions (project_id, status, user_id);
CREATE INDEX launch_subscriptions_to_unlock ON launch_subscriptions (project_id) WHERE status = 'allocated' AND unlocked = 0;

INSERT INTO params (name, value, public) VALUES ('launch_sale_fee_rate', '0.1', 1);
