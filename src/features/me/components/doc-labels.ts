import { msg } from '@lingui/core/macro'
import { DOC_TYPES, type DocType } from '../../../contract/profile.ts'

/** The document types' names, in the order the form offers them. */
export const DOC_TYPE_LABELS = [
  { type: DOC_TYPES.residentId, label: msg`Resident ID card (China)` },
  { type: DOC_TYPES.passport, label: msg`Passport` },
  { type: DOC_TYPES.other, label: msg`Other document` },
] as const satisfies readonly { type: DocType; label: unknown }[]

export const docTypeLabel = (type: DocType) => DOC_TYPE_LABELS.find((entry) => entry.type === type)?.label ?? DOC_TYPE_LABELS[2].label
