// What the spot calls share, made once per server: the feed (the price and book of an instant) and
// the walk (the feed pass, and the catch-up of one pair up to now). A user's change to a waiting
// order runs the catch-up first, so that what the price already did (a resting order reached, a
// stop triggered) happens before the change, never after it.
import type { FeedWalk, PassContext } from '../market/feed-walk.ts'
import type { SpotFeed } from './feed.ts'
import { createSpotWalk } from './feed-pass.ts'

export interface SpotEngine {
  feed: SpotFeed
  walk: FeedWalk
}

export const createSpotEngine = (ctx: PassContext, feed: SpotFeed): SpotEngine => ({ feed, walk: createSpotWalk(ctx, feed) })
