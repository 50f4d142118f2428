// The white papers: a project's, drawn on first request from its own figures and stored under
// DATA_DIR/launch/ (so seeding stays fast and a restart serves the same file), and the platform's.
// Several processes may draw the same paper at once: each writes a temporary file and renames it
// into place, so a reader never sees half a file and every copy is the same. Like everything under
// DATA_DIR they are the server's account's only (0700 folder, 0600 files): the server serves them.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import { drawWhitePaper } from '../pdf/white-paper.ts'
import type { StoredProject } from './projects.ts'

export const PDF_HEADERS = {
  'content-type': 'application/pdf',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=3600',
} as const

function hslToRgb(hue: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12
  const f = (n: number) => 0.45 - 0.3 * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0), f(8), f(4)]
}

function projectContent(project: StoredProject) {
  const sale = Number(project.forSale)
  const split: Array<[string, number]> = [['Public sale', 20], ['Ecosystem', 30], ['Team (vested)', 15], ['Liquidity', 15], ['Foundation', 20]]
  const description = project.descriptions['en-US']
  return {
    title: `${project.name} (${project.symbol})`,
    subtitle: `White paper: token sale on the NovaEx launchpad at ${project.price} USDT`,
    accent: hslToRgb(project.hue),
    sections: [
      { heading: 'Abstract', paragraphs: [description, `${project.forSale} ${project.symbol} are offered at ${project.price} USDT each, between ${project.minPerUser} and ${project.maxPerUser} per participant.`] },
      {
        heading: 'The sale',
        paragraphs: [
          `The sale opens for subscription on ${new Date(project.joinStart).toUTCString()} and closes on ${new Date(project.joinEnd).toUTCString()}. When more is subscribed than offered, every subscriber receives a pro-rata share, and the unallocated USDT is returned.`,
          `Allocated tokens are locked for ${project.lockDays} days after the close and become available on ${new Date(project.unlockAt).toUTCString()}. Holders may sell them back to the launchpad pool at the listing price for a 10 % fee: 2.5 % is burned and 7.5 % goes to stakers.`,
        ],
      },
      { heading: 'Technology', paragraphs: [`${project.name} runs on an open network with public, audited contracts. ${'The protocol favours simple, verifiable rules over clever ones, so that every holder can check what the network does. '.repeat(3)}`] },
      { heading: 'Risks', paragraphs: ['New coins are volatile and may lose all value. Read this paper in full and subscribe only what you can afford to lose.'] },
    ],
    table: {
      heading: 'Token split',
      columns: ['Allocation', 'Share', project.symbol] as [string, string, string],
      rows: split.map(([label, share]) => [label, `${share} %`, String(Math.round((sale * 5 * share) / 100))] as [string, string, string]),
    },
    chart: { heading: 'Token split (%)', bars: split.map(([label, value]) => ({ label, value })) },
  }
}

async function stored(dataDir: string, name: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const dir = join(dataDir, 'launch')
  const path = join(dir, name)
  try {
    return await readFile(path)
  } catch {
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const bytes = await draw()
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, bytes, { mode: 0o600 })
    await rename(temporary, path)
    return bytes
  }
}

export async function projectPaper(db: Database, dataDir: string, project: StoredProject): Promise<Uint8Array> {
  const name = project.paper ?? `paper-${project.id}-${project.symbol}.pdf`
  const bytes = await stored(dataDir, name, () => drawWhitePaper(projectContent(project)))
  if (project.paper === null) await db.run('UPDATE launch_projects SET paper = ? WHERE id = ? AND paper IS NULL', name, project.id)
  return bytes
}

export function platformPaper(dataDir: string): Promise<Uint8Array> {
  return stored(dataDir, 'platform-white-paper.pdf', () =>
    drawWhitePaper({
      title: 'NovaEx',
      subtitle: 'White paper: a mobile exchange and new-coin launch platform',
      accent: [0.13, 0.38, 0.85],
      sections: [
        { heading: 'Vision', paragraphs: ['NovaEx is a mobile exchange that works offline-first: markets, spot trading, seconds contracts, leveraged contracts and a launchpad for new coins, in four languages.'] },
        { heading: 'Ledger', paragraphs: ['Every movement of money is one double-entry ledger entry, written in the same transaction as the state it changes, so balances are never negative and always add up.'] },
        { heading: 'Launchpad', paragraphs: ['New projects pass through warm-up, joining and lock periods. Subscriptions are allocated pro rata at the end of joining; a 10 % sale fee is split between burning (2.5 %) and stakers (7.5 %).'] },
        { heading: 'Security', paragraphs: ['Money calls need a fund password and an idempotency key; withdrawals are reviewed; the app never loads code or images from other hosts.'] },
      ],
      table: { heading: 'Fee schedule', columns: ['Product', 'Fee', 'Paid to'], rows: [['Spot', '0.1 %', 'Exchange'], ['Contracts', '0.05 %', 'Exchange'], ['Launch sale', '10 %', 'Burn / stakers']] },
      chart: { heading: 'Products by launch year', bars: [{ label: 'Markets', value: 2023 - 2020 }, { label: 'Spot', value: 4 }, { label: 'Seconds', value: 5 }, { label: 'Contracts', value: 6 }, { label: 'Launchpad', value: 7 }] },
    }),
  )
}

export function logoSvg(project: StoredProject): string {
  const text = project.symbol.slice(0, 5)
  const size = text.length > 4 ? 13 : text.length > 3 ? 15 : 19
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${text}">`,
    `<title>${text}</title>`,
    `<circle cx="32" cy="32" r="32" fill="hsl(${project.hue} 65% 45%)"/>`,
    `<circle cx="32" cy="32" r="26" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`,
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}">${text}</text>`,
    '</svg>',
  ].join('')
}
