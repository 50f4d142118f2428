import type { ReactNode } from 'react'
import type { Project } from '../model'
import { CoinLogo } from './coin-logo'

/** The head of a project's screen: its logo, symbol and name, then `children` (the detail's phase). */
export function ProjectHead({ project, logoSize, children }: { project: Project; logoSize: number; children?: ReactNode }) {
  return (
    <header className="launch-detail__head">
      <CoinLogo src={project.logo} symbol={project.symbol} size={logoSize} />
      <div className="launch-card__title">
        <h2>{project.symbol}</h2>
        <span className="muted">{project.name}</span>
      </div>
      {children}
    </header>
  )
}
