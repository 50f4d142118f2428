import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { platformPaperUrl } from '../../features/launch/api'
import { PdfViewer } from '../../lib/ui/pdf-viewer'

// Spec §2 /me/mPdf: the platform's own white paper, in the same in-app viewer as a project's
// (/home/wbook): mobile browsers do not show a PDF inline. In the reader's language. Public, so visitors can read it too.
export const Route = createFileRoute('/me/mPdf')({
  component: function PlatformWhitePaperScreen() {
    const { t, i18n } = useLingui()
    return (
      <Screen title={<Trans>White paper</Trans>} back>
        <PdfViewer url={platformPaperUrl(i18n.locale)} title={t`NovaEx white paper`} downloadName="NovaEx-white-paper.pdf" />
      </Screen>
    )
  },
})
