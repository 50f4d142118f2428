// A form's check result: the message of every field that is wrong; empty when it may be sent.
import type { MessageDescriptor } from '@lingui/core'

export type FormErrors<K extends string> = Partial<Record<K, MessageDescriptor>>

/** Keeps only the fields whose check returned a message. */
export function collectErrors<K extends string>(checks: Record<K, MessageDescriptor | null>): FormErrors<K> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as FormErrors<K>
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0
