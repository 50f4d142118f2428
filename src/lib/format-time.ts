// Dates and clock times as the app prints them, apart from lib/format's numbers: the shell's offline
// mark needs only the clock, and the entry that holds it need not carry the decimal text code
// (architecture §8: the first visit's budget). lib/format re-exports all of this.

/** Shown instead of a value that is missing or not a number; 'NaN' or '0.00' would read as data. */
export const PLACEHOLDER = '--'

const pad = (part: number, width = 2): string => String(part).padStart(width, '0')

/** 'YYYY-MM-DD HH:MM:SS' in the device's time zone, from epoch milliseconds or a Date; '--' when invalid. */
export function formatDate(msOrDate: number | Date | null | undefined): string {
  if (msOrDate === null || msOrDate === undefined) return PLACEHOLDER
  const date = msOrDate instanceof Date ? msOrDate : new Date(msOrDate)
  if (Number.isNaN(date.getTime())) return PLACEHOLDER
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

/** 'HH:MM' in the device's time zone (the offline mark's "as of"); '--' when invalid. */
export function formatClock(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return PLACEHOLDER
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return PLACEHOLDER
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`
}
