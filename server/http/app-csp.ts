// The Content-Security-Policy of the app under /mobile/ (architecture §6). No script runs but the
// build's own files and the inline ones index.html was built with: the painted shell's script
// and its two stylesheets (the skeleton's, and the entry's that scripts/vite-inline-css.ts puts
// in) must stay inline, or the first paint would wait for another request (architecture §8), so
// they are allowed by their SHA-256, never by 'unsafe-inline'. The hashes are taken from the
// index.html being served, when it changes (the build may be redone while the server runs), so
// the policy always matches the page it comes with; a script injected anywhere else is refused.
//
// The rest is what the app does, and nothing more: it talks only to its own origin (the API, the
// worker, pdf.js's worker and papers, logos and avatars all come from it), shows picked and
// fetched private images from blob: URLs (deposit proof and identity photo previews, the invite
// poster), and is never framed.
import { createHash } from 'node:crypto'
import { readFileSync, type Stats } from 'node:fs'

/** The hash sources of every inline <script> (without src) and <style> of a page. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = []
  const styles: string[] = []
  // The HTML parser turns CR LF and lone CRs into LF before a script or style sees its text.
  const text = html.replace(/\r\n?/g, '\n')
  // Comments are skipped; a script's or style's text runs to its first closing tag, as the parser
  // reads these raw-text elements.
  const next = /<!--[\s\S]*?-->|<(script|style)\b([^>]*)>([\s\S]*?)<\/\1/gi
  for (const [, tag, attributes, content] of text.matchAll(next)) {
    if (tag === undefined || content === undefined) continue
    const source = `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`
    if (tag.toLowerCase() === 'style') styles.push(source)
    else if (!/\ssrc\s*=/i.test(` ${attributes ?? ''}`)) scripts.push(source)
  }
  return { scripts, styles }
}

export function appPolicy(html: string): string {
  const { scripts, styles } = inlineHashes(html)
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}`.trim(),
    `style-src 'self' ${styles.join(' ')}`.trim(),
    "img-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker and pdf.js's worker, both files of the build.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

let cached: { key: string; policy: string } | undefined

/** The policy for the index.html at `path` (whose stat the caller has), read again only when it changed. */
export function appPolicyOf(path: string, stat: Stats): string {
  const key = `${path}:${stat.mtimeMs}:${stat.size}`
  if (cached?.key !== key) cached = { key, policy: appPolicy(readFileSync(path, 'utf8')) }
  return cached.policy
}
