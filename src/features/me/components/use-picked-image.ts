import { useEffect, useRef, useState } from 'react'

export interface PickedImage {
  file: File
  /** A blob: URL of the file for the preview. */
  url: string
}

/** A picked photo and its preview URL, revoked when replaced or when the screen goes (it pins the image in memory). */
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
