-- Idempotency keys of money-moving calls (transfer, exchange, withdraw), claimed per user by the
-- INSERT in the money move's transaction, with its answer; and the (private) exchange fee rate.

CREATE TABLE idempotency_keys (
  user_id BIGINT NOT NULL REFERENCES users (id),
  key TEXT NOT NULL,
  -- SHA-256 of the call's path and its normalized fields
  request_hash TEXT NOT NULL,
  -- the JSON answer; NULL only inside the claiming transaction, so never seen by another one
  answer TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- Not public: the app learns the rate from each exchange quote.
INSERT INTO params (name, value, public) VALUES ('exchange_fee_rate', '0.002', 0);
