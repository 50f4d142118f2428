import { useLingui } from '@lingui/react/macro'
import { PdfViewer } from '../../../lib/ui/pdf-viewer'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchProject, paperUrl } from '../api'

/**
 * /home/wbook: the project's white paper in the app's PDF viewer. The paper's address does not
 * wait for the project: offline with the paper stored, it still opens; the name comes when known.
 * The paper is in the reader's language (the server falls back to English).
 */
export function WhitePaper({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const { state } = useRequest(`paper:${id}`, () => fetchProject(id))
  const symbol = state.status === 'ready' ? state.data.data.symbol : ''
  const title = symbol ? t`${symbol} white paper` : t`White paper`
  return <PdfViewer url={paperUrl(id, i18n.locale)} title={title} downloadName={`${symbol || 'white-paper'}-${id}.pdf`} />
}
