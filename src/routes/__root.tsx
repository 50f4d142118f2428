import { createRootRoute, Outlet } from '@tanstack/react-router'
import { CodePrompt } from '../app/code-prompt'
import { KeptAliveScreens } from '../app/keep-alive'
import { OfflineMark } from '../app/offline-mark'
import { PasswordPrompt } from '../app/password-prompt'
import { TabBar } from '../app/tab-bar'
import { ToastHost } from '../app/toast-host'
import { UpdatePrompt } from '../app/update-prompt'
import { SessionSync } from '../features/me/components/session-sync'

export const Route = createRootRoute({
  component: () => (
    <div className="app">
      <OfflineMark />
      <Outlet />
      <KeptAliveScreens />
      <TabBar />
      <ToastHost />
      <UpdatePrompt />
      <PasswordPrompt />
      <CodePrompt />
      <SessionSync />
    </div>
  ),
})
