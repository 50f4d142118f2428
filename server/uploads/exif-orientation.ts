// Phones store photos sideways and say how to turn them in EXIF (tag 0x0112). Re-encoding drops
// all metadata (that is the point: GPS and the device must go), so the turn is applied to the
// pixels instead, or a photographed receipt would show up rotated.

/** The EXIF orientation (1–8) of a JPEG, 1 when it has none or it cannot be read. */
export function jpegOrientation(bytes: Buffer): number {
  let at = 2
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0
    if (marker === 0xda || marker === 0xd9) break
    const length = bytes.readUInt16BE(at + 2)
    if (marker === 0xe1 && bytes.toString('latin1', at + 4, at + 10) === 'Exif\0\0') {
      return orientationInTiff(bytes.subarray(at + 10, at + 2 + length))
    }
    at += 2 + length
  }
  return 1
}

function orientationInTiff(tiff: Buffer): number {
  if (tiff.length < 8) return 1
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd = u32(4)
  if (ifd + 2 > tiff.length) return 1
  const count = u16(ifd)
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12
    if (entry + 12 > tiff.length) return 1
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8)
      return value >= 1 && value <= 8 ? value : 1
    }
  }
  return 1
}
