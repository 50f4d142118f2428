import { useSetAtom } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchProject } from '../api'
import { noteClockAtom } from '../atoms'

/**
 * One project for a screen (the detail, the join form), keyed by `key`, noting the server clock's
 * offset its answer gave so the countdowns run on the server's time.
 */
export function useProject(key: string, id: string) {
  const noteClock = useSetAtom(noteClockAtom)
  return useRequest(key, async () => {
    const answer = await fetchProject(id)
    noteClock(answer.offset)
    return answer.data
  })
}
