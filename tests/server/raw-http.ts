// A client that sends the path exactly as given (fetch would normalize `..` and reject bad
// escapes), for the malformed-input and traversal tests.
import { request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The body's bytes as they came off the wire (not decompressed). */
  raw: Buffer
}

export function rawRequest(
  url: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), raw: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    // The server may answer (413) and close before a big body is fully written; the answer
    // has already arrived then, so a write error after it is expected.
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
