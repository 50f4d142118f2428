-- Guessing limits (server/auth/login-limit.ts). Only failures count: a check in flight is a
-- `pending` reservation, not a failure, so correct attempts made at once all pass while the
-- reservations still bound how many guesses can be checked before their failures are counted.
-- `last_failure_at` spaces an account's guesses out once it has failed often (growing back-off).
ALTER TABLE login_failures ADD COLUMN pending INTEGER NOT NULL DEFAULT 0 CHECK (pending >= 0);
ALTER TABLE login_failures ADD COLUMN last_failure_at BIGINT;

-- After a password reset by email code, withdrawals and address changes wait until this instant
-- (ms), so a reset code guessed or stolen cannot empty the account at once.
ALTER TABLE users ADD COLUMN security_hold_until BIGINT;

-- How long that hold lasts, in hours (operators may change it; not shown to clients).
INSERT INTO params (name, value, public) VALUES ('security_hold_hours', '24', 0);
