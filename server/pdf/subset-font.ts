// A font cut down to the characters a paper uses, with HarfBuzz's subsetter (harfbuzzjs ships it
// as a self-contained WebAssembly module). pdf-lib's own subsetting (fontkit's) breaks the glyphs
// of CID-keyed CFF fonts such as Noto Sans CJK — the text extracts but draws as scraps — so the
// paper embeds HarfBuzz's subset whole instead: a few hundred glyphs, tens of KB.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

interface HbSubset {
  memory: WebAssembly.Memory
  malloc(size: number): number
  free(pointer: number): void
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number
  hb_blob_destroy(blob: number): void
  hb_blob_get_data(blob: number, length: number): number
  hb_blob_get_length(blob: number): number
  hb_face_create(blob: number, index: number): number
  hb_face_destroy(face: number): void
  hb_face_reference_blob(face: number): number
  hb_set_add(set: number, codepoint: number): void
  hb_subset_input_create_or_fail(): number
  hb_subset_input_destroy(input: number): void
  hb_subset_input_unicode_set(input: number): number
  hb_subset_or_fail(face: number, input: number): number
}

/** HarfBuzz's blob mode: the blob may be read in place. */
const HB_MEMORY_MODE_READONLY = 1

let loading: Promise<HbSubset> | null = null

function harfBuzz(): Promise<HbSubset> {
  loading ??= (async () => {
    const path = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')
    const { instance } = await WebAssembly.instantiate(await readFile(path))
    return instance.exports as unknown as HbSubset
  })()
  return loading
}

/** The font (TTF or OTF bytes) with only the glyphs of `text`'s characters (and what they need). */
export async function subsetFont(font: Uint8Array, text: string): Promise<Uint8Array> {
  const hb = await harfBuzz()
  const fontPointer = hb.malloc(font.byteLength)
  new Uint8Array(hb.memory.buffer).set(font, fontPointer)
  const blob = hb.hb_blob_create(fontPointer, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0)
  const face = hb.hb_face_create(blob, 0)
  hb.hb_blob_destroy(blob)
  const input = hb.hb_subset_input_create_or_fail()
  const unicodes = hb.hb_subset_input_unicode_set(input)
  for (const char of new Set(text)) hb.hb_set_add(unicodes, char.codePointAt(0) ?? 0)
  const subset = hb.hb_subset_or_fail(face, input)
  hb.hb_subset_input_destroy(input)
  try {
    if (!subset) throw new Error('the font could not be subset')
    const result = hb.hb_face_reference_blob(subset)
    const offset = hb.hb_blob_get_data(result, 0)
    const length = hb.hb_blob_get_length(result)
    // Read after the calls: the module's memory may have grown (and its old view gone stale).
    const bytes = new Uint8Array(hb.memory.buffer, offset, length).slice()
    hb.hb_blob_destroy(result)
    if (length === 0) throw new Error('the font could not be subset')
    return bytes
  } finally {
    if (subset) hb.hb_face_destroy(subset)
    hb.hb_face_destroy(face)
    hb.free(fontPointer)
  }
}
