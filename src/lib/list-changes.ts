// Two loads of one list of the user's things (open orders, open positions), compared by id: which
// changed in a way the caller cares about, and which left the list. The screens that announce the
// user's own events between two loads are built on it (features/spot/fill-news.ts,
// features/contract/position-news.ts). Pure.

export interface ListChanges<T> {
  /** Items in both loads for which `changed(before, after)` holds, as they are after. */
  changed: T[]
  /** Ids of items of the first load that are not in the second. */
  gone: string[]
}

export function listChanges<T extends { id: string }>(
  before: readonly T[], after: readonly T[], changed: (old: T, fresh: T) => boolean,
): ListChanges<T> {
  const now = new Map(after.map((item) => [item.id, item]))
  const result: ListChanges<T> = { changed: [], gone: [] }
  for (const old of before) {
    const fresh = now.get(old.id)
    if (!fresh) result.gone.push(old.id)
    else if (changed(old, fresh)) result.changed.push(fresh)
  }
  return result
}
