-- System parameters read by the app (customer service contacts, seconds-contract fee rate), with
-- the same seed rows as SQLite's 002. Only public rows are ever answered to clients.
CREATE TABLE params (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  public INTEGER NOT NULL DEFAULT 1 CHECK (public IN (0, 1))
);

INSERT INTO params (name, value) VALUES
  ('customer_service_email', 'support@exchange.local'),
  -- a support chat link; empty until an operator sets one (012 sets the demo's)
  ('customer_service_ws', ''),
  ('contract_second_fee_rate', '0');
