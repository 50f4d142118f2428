// `npm start`: install what is missing, build the app when its sources changed, run the server.
import { spawn } from 'node:child_process'
import { buildIfChanged } from './build-if-changed.mjs'
import { ensureDependencies, root, runBin } from './lib.mjs'

ensureDependencies()
buildIfChanged(runBin)

console.log('\n▶ start the reference server (Ctrl-C stops it)')
const server = spawn(process.execPath, ['server/main.ts'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
