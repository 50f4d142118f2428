// How the service worker tells the page that an answer did not come from the network (architecture §1,
// §5): the page's api client reads these headers and nothing else, so screens never learn where
// an answer came from except through lib/freshness.

/** Set on every answer the worker makes up itself; absent on answers from the network. */
export const CACHE_HEADER = 'x-cache'
/** When the stored copy was received from the network, in ms since epoch. */
export const STORED_AT_HEADER = 'x-stored-at'

export const CACHE_SOURCES = {
  /** A stored copy of an earlier network answer, served because the network failed or was too slow. */
  offline: 'offline',
  /** The network failed and no copy was stored: a 503 in the group's envelope. */
  miss: 'offline-miss',
} as const

/** The `msg` of the 503 a read gets offline when this device never stored its answer. */
export const OFFLINE_MISS_MESSAGE = 'You are offline and this data has not been saved on this device yet'
