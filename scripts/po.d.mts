export function parsePo(text: string): [string, string][]
