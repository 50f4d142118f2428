-- Card and identity-document numbers sealed (architecture §6 "Data at rest"). SQL cannot encrypt,
-- so this only adds the columns; the server's start (server/security/sealed-numbers.ts) seals the
-- numbers an older release stored in plain, in one transaction per table, and blanks the plain
-- column. The plain columns stay (NOT NULL, '' from then on): dropping them here would lose the
-- numbers of a database this release has not started on yet.
-- *_sealed: 'v1:<key id>:<nonce, ciphertext and tag>' (AES-256-GCM under the data key file, never
-- in the database); NULL only for a row not sealed yet. *_masked: what the owner is shown.
ALTER TABLE collection_accounts ADD COLUMN card_number_sealed TEXT;
ALTER TABLE collection_accounts ADD COLUMN card_number_masked TEXT NOT NULL DEFAULT '';
ALTER TABLE kyc_submissions ADD COLUMN doc_number_sealed TEXT;
ALTER TABLE kyc_submissions ADD COLUMN doc_number_masked TEXT NOT NULL DEFAULT '';

-- The idempotency keys of earlier card changes and identity submissions: their request_hash was a
-- SHA-256 of the fields, the number included, and a hash of a number that short gives it away.
-- The number now enters the hash as its mask (server/assets/idempotency.ts); those old hashes are
-- dropped, so such a key sent again answers "used for another request" instead of its answer.
UPDATE idempotency_keys SET request_hash = 'dropped by 015'
  WHERE answer LIKE '%"cardNumberMasked"%' OR answer LIKE '%"docNumberMasked"%';
