-- Idempotency keys of money-moving calls (transfer, exchange, withdraw). A key is claimed per user
-- by the INSERT into this table, in the same transaction as the money move, and the answer is
-- stored with it; a repeat replays the answer, a repeat with another request is refused.

CREATE TABLE idempotency_keys (
  user_id INTEGER NOT NULL REFERENCES users (id),
  key TEXT NOT NULL,
  -- SHA-256 of the call's path and its normalized fields
  request_hash TEXT NOT NULL,
  -- the JSON answer; NULL only inside the claiming transaction, so never seen by another one
  answer TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- Not public: the app learns the rate from each exchange quote.
INSERT INTO params (name, value, public) VALUES ('exchange_fee_rate', '0.002', 0);
