import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { userInfoAtom } from '../../../lib/session'
import { useAtom } from '../../../lib/store'
import { toast, toastFailure } from '../../../lib/toast'
import { usePickedImage } from '../../../lib/ui/use-picked-image'
import { uploadAvatar } from '../api'
import { UploadProgress } from './upload-progress'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'

/**
 * The avatar: tap it to pick a photo, which is previewed at once and uploaded with its progress;
 * the server crops it square (contract AVATAR_SIZE) and the user info's `icon` follows.
 */
export function AvatarPicker() {
  const { t } = useLingui()
  const [info, setInfo] = useAtom(userInfoAtom)
  const { picked, pick } = usePickedImage()
  const [progress, setProgress] = useState<number | null>(null)
  const refuseOffline = useRefuseOffline()

  const choose = async (file: File | null) => {
    if (!file || refuseOffline()) return
    pick(file)
    setProgress(0)
    try {
      const { icon } = await uploadAvatar(file, setProgress)
      if (info) setInfo({ ...info, icon })
      toast.success(t`Avatar updated`)
    } catch (failure) {
      pick(null)
      toastFailure(failure)
    } finally {
      setProgress(null)
    }
  }
  const shown = picked?.url ?? info?.icon
  return (
    <div className="me-avatar">
      <label className="me-avatar__pick">
        {shown ? <img className="avatar" src={shown} alt={t`Avatar`} /> : (
          <span className="avatar" aria-hidden="true">{info?.email.charAt(0).toUpperCase() ?? '…'}</span>
        )}
        <input className="sr-only" type="file" accept="image/png,image/jpeg,image/webp" aria-label={t`Change avatar`}
          disabled={progress !== null} onChange={(event) => void choose(event.target.files?.[0] ?? null)} />
      </label>
      <span className="muted"><Trans>Tap the picture to change it</Trans></span>
      <UploadProgress fraction={progress} />
    </div>
  )
}
