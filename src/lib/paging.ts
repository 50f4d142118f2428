// Spec §4 paging, shared by every paged list (seconds orders, spot orders): pure, unit tested.

/**
 * Page 1 replaces the list, later pages append (skipping items already shown, which a new item
 * pushes along); no more once the count reaches the total or a page comes back empty.
 */
export function mergeOrderPage<T extends { id: string }>(current: readonly T[], page: { list: readonly T[]; totalRow: number }, pageNo: number) {
  const seen = new Set(pageNo === 1 ? [] : current.map((item) => item.id))
  const list = [...(pageNo === 1 ? [] : current), ...page.list.filter((item) => !seen.has(item.id))]
  return { list, noMore: list.length >= page.totalRow || page.list.length === 0 }
}
