import { useEffect, useRef, useState } from 'react'

export interface PickedImage {
  file: File
  /** A blob: URL of the file for the preview. */
  url: string
}

/**
 * A picked photo (a recharge proof, an identity document, an avatar) and its preview URL, made
 * when the file is picked and revoked when another is picked, the form is cleared or the screen
 * goes: each URL pins the whole image (a phone photo is several MB) in memory until revoked.
 */
export function usePickedImage() {
  const [picked, setPicked] = useState<PickedImage | null>(null)
  const live = useRef<string | null>(null)
  useEffect(() => () => {
    if (live.current) URL.revokeObjectURL(live.current)
    live.current = null
  }, [])
  const pick = (file: File | null) => {
    if (live.current) URL.revokeObjectURL(live.current)
    const next = file ? { file, url: URL.createObjectURL(file) } : null
    live.current = next?.url ?? null
    setPicked(next)
  }
  return { picked, pick }
}
