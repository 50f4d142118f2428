import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { startApp } from './app/start'
import { registerServiceWorker } from './lib/sw-register'
import './app/styles.css'

// The locale's catalog must be active before the first paint, so nothing flashes in English.
startApp().then(() => {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  registerServiceWorker()
})
