import { useLingui } from '@lingui/react/macro'

/** How much of an upload has gone; hidden when nothing is uploading. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  const { t } = useLingui()
  if (fraction === null) return null
  const percent = Math.round(fraction * 100)
  return <progress className="me-progress" max={100} value={percent} aria-label={t`Uploading ${percent}%`} />
}
