-- The withdrawal allow-list (issue 22; server/withdrawals/allow-list.ts, address-confirmation.ts).
-- An address added to the book, or given a new address string, is unconfirmed until its owner
-- types the 6-digit code mailed to them; with the allow-list on, a withdrawal goes only to a
-- confirmed address whose address_set_at lies more than allow_list_delay_hours back.
-- Addresses saved before this release count as confirmed and aged (address_set_at 0), so nothing
-- changes for their owners.
ALTER TABLE withdraw_addresses ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1));
UPDATE withdraw_addresses SET confirmed = 1;
-- When the entry was added or its address string last changed (ms).
ALTER TABLE withdraw_addresses ADD COLUMN address_set_at BIGINT NOT NULL DEFAULT 0;
-- The live confirmation code: a hash bound to the entry and its address string ('' when none),
-- when it was mailed (one resend a minute), when it expires, and its wrong guesses (5 burn it).
ALTER TABLE withdraw_addresses ADD COLUMN code_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE withdraw_addresses ADD COLUMN code_sent_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE withdraw_addresses ADD COLUMN code_expires_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE withdraw_addresses ADD COLUMN code_failures INTEGER NOT NULL DEFAULT 0 CHECK (code_failures >= 0);

-- The user's allow-list: on at once when turned on; "off" is asked for and takes effect at
-- allow_list_off_at (ms). The list is in force while allow_list_on = 1 and that time (if any) is
-- still ahead; turning it on again clears a pending off.
ALTER TABLE users ADD COLUMN allow_list_on INTEGER NOT NULL DEFAULT 0 CHECK (allow_list_on IN (0, 1));
ALTER TABLE users ADD COLUMN allow_list_off_at BIGINT;

-- How long a new (or changed) address waits, and how long "off" takes, in hours (operators may
-- change it; the app learns it from the allow-list's state).
INSERT INTO params (name, value, public) VALUES ('allow_list_delay_hours', '24', 0);
