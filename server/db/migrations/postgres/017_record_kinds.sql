-- What an asset record says, as data (src/contract/assets.ts RecordParamsByKind): `kind` names the
-- sentence and `params` (a JSON object of strings) fills it in, so the app writes it in the
-- reader's language; `info` keeps the English summary for operators. '' / '{}' is a row the
-- server could not read: the app shows its `info` as written. position_id ties a leveraged
-- position's records to it: its closes, partial or whole, are its history of closes.
-- The rows written before this migration are converted by server/db/migration-steps.ts, in the same
-- transaction, from the English sentences the server wrote then.
ALTER TABLE asset_records ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE asset_records ADD COLUMN params TEXT NOT NULL DEFAULT '{}';
-- No REFERENCES: contract_positions.record_id already refers to asset_records, and a cycle of
-- foreign keys would leave no order to copy the tables in (admin copy-to-postgres). The writer
-- (server/contracts) sets it only to the position it is writing the record for.
ALTER TABLE asset_records ADD COLUMN position_id BIGINT;
CREATE INDEX asset_records_by_position ON asset_records (position_id, id) WHERE position_id IS NOT NULL;
