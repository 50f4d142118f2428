// What the write benchmarks share (bench.mjs, bench-contracts.mjs): the form header, a fresh
// idempotency key per request as the app sends its writes, and the target that acts once on each
// id an earlier run collected (cancel each order placed, close each position opened).

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

let sequence = 0
/** Each request its own idempotency key. */
export const withKey = (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${++sequence}-${Date.now()}` } })

/** One request per id (taken from the end of `ids`), the first tenth (at most 1,000) as warm-up; refusals counted. */
export function oncePerIdTarget(name, path, token, ids) {
  const refused = { count: 0 }
  const warmUp = Math.min(1000, Math.floor(ids.length / 10))
  return {
    name,
    path,
    headers: { ...FORM, 'access-token': token },
    refused,
    warmUp: { amount: warmUp },
    run: { amount: ids.length - warmUp },
    requests: [{
      setupRequest: (request) => withKey({ ...request, body: `id=${ids.pop()}` }),
      onResponse: (status, body) => {
        if (status !== 200 || JSON.parse(body).code !== 1) refused.count += 1
      },
    }],
  }
}
