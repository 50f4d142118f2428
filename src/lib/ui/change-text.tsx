import { useLingui } from '@lingui/react/macro'

/**
 * A change in percent as printed by lib/format ("+2.35%", "-1.20%", "0.00%"), read by a screen
 * reader as a word ("up 2.35%", "down 1.20%"): a sign is easy to miss or not read at all (a
 * hyphen-minus). The printed text is hidden from the reader and the words hidden from the eye, so
 * each hears or sees the change once. A text without a sign (0.00%, the placeholder) is read as shown.
 */
export function ChangeText({ text }: { text: string }) {
  const { t } = useLingui()
  const sign = text[0]
  if (sign !== '+' && sign !== '-' && sign !== '−') return <>{text}</>
  const size = text.slice(1)
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">
        {sign === '+' ? t({ message: `up ${size}`, context: 'a price change read aloud: up 2.35%' }) : t({ message: `down ${size}`, context: 'a price change read aloud: down 1.20%' })}
      </span>
    </>
  )
}
