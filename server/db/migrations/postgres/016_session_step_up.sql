-- Step-up of a session (server/auth/step-up.ts): when its user last proved the login password —
-- at login, by /bb/user/confirmPassword, or by a password change — slid forward by every accepted
-- call that moves money or changes security. Such a call made STEP_UP_SECONDS after it is refused
-- with code -3 until the password is given again. Sessions of an older release start at 0, so
-- their next money call asks for the password once.
ALTER TABLE sessions ADD COLUMN confirmed_at BIGINT NOT NULL DEFAULT 0;
