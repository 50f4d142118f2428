/**
 * How often an open, visible app asks the server about its session (components/session-sync). A
 * session revoked from another device (/me/safety/sessions) is refused at its next call (code -2,
 * which signs out through the api client); screens that call nothing on their own would otherwise
 * stay signed in until they do. One user-info read per 15 s while visible, nothing when hidden or
 * offline. A module of its own so the browser tests can read it.
 */
export const SESSION_CHECK_MS = 15_000
