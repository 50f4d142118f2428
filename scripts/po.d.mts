export function parsePo(text: string): [msgid: string, msgstr: string, msgctxt: string][]
