import { useEffect, useRef } from 'react'

/**
 * Opens a <dialog> as a modal for as long as the caller is mounted: the browser then keeps Tab
 * inside it and makes the page behind inert. Focus moves to the element marked data-autofocus
 * (browsers differ on what showModal focuses) and goes back to the opener on close.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [])
  return ref
}
