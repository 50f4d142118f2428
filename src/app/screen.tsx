import type { ReactNode } from 'react'
import { NavBar } from './nav-bar'

interface ScreenProps {
  title: ReactNode
  back?: boolean
  left?: ReactNode
  right?: ReactNode
  children: ReactNode
}

/** A screen: the navigation bar over a scrolling body. Route files compose features inside it. */
export function Screen({ children, ...nav }: ScreenProps) {
  return (
    <>
      <NavBar {...nav} />
      <main className="screen">{children}</main>
    </>
  )
}
