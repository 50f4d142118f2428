import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { PLATFORM_WHITE_PAPER_PATH } from '../../contract/launch.ts'
import { PdfViewer } from '../../lib/ui/pdf-viewer'

// Spec §2 /me/mPdf: the platform's own white paper, in the same in-app viewer as a project's
// (/home/wbook): mobile browsers do not show a PDF inline. Public, so visitors can read it too.
export const Route = createFileRoute('/me/mPdf')({
  component: function PlatformWhitePaperScreen() {
    const { t } = useLingui()
    return (
      <Screen title={<Trans>White paper</Trans>} back>
        <PdfViewer url={PLATFORM_WHITE_PAPER_PATH} title={t`NovaEx white paper`} downloadName="NovaEx-white-paper.pdf" />
      </Screen>
    )
  },
})
