import { Link, type LinkProps } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'

interface PositionSectionProps {
  title: ReactNode
  /** The screen that shows all of it and does the rest (open, place, subscribe). */
  to: LinkProps['to']
  linkLabel: ReactNode
  children: ReactNode
}

/** One kind of the trader's positions: its title, a link to its own screen, and its list. */
export function PositionSection({ title, to, linkLabel, children }: PositionSectionProps) {
  const titleId = useId()
  return (
    <section className="position-section" aria-labelledby={titleId}>
      <header className="position-section__head">
        <h2 id={titleId} className="position-section__title">{title}</h2>
        <Link to={to} className="position-section__link">{linkLabel}</Link>
      </header>
      {children}
    </section>
  )
}
