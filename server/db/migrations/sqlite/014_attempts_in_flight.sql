-- Attempt limits count failures only (server/auth/login-limit.ts): a password check in flight is
-- a `pending` reservation, not a failure, so correct attempts made at once all pass while the
-- reservations still bound how many guesses can be checked before their failures are counted.
ALTER TABLE login_failures ADD COLUMN pending INTEGER NOT NULL DEFAULT 0 CHECK (pending >= 0);
