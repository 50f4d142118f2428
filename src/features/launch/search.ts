// The project id in a launchpad screen's address (/home/detail, /home/join, /home/wbook). It is kept
// as a number: TanStack Router writes a search value as JSON, so a string id read
// `?id=%222%22`; a number reads `?id=2`. Links written before that (`?id="2"`) still open: the
// router parses them to the string "2", accepted here. Tiny and import-free: validateSearch runs in
// the app's first chunk.

export interface ProjectSearch {
  id?: number
}

export function parseProjectSearch(search: Record<string, unknown>): ProjectSearch {
  const raw = search.id
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  return { id: Number.isSafeInteger(id) && id > 0 ? id : undefined }
}
