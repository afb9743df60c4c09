/**
 * The Node features that need a package a browser consumer never installs: optional peer
 * dependencies of redzone (package.json `peerDependenciesMeta`). Their modules are loaded only
 * when the feature is used; a missing package is a usage error naming the package to install.
 */
import { RedzoneError } from '../../core/errors.js'

/** Each optional peer, the versions redzone is tested with, and what needs it. */
export const OPTIONAL_PEERS = {
  bullmq: { version: '6.7.0', for: 'the self-play queue (--queue, redzone worker)' },
  ioredis: { version: '6.0.0', for: 'the self-play queue (--queue, redzone worker)' },
  piscina: { version: '5.3.2', for: 'self-play on worker threads (--workers)' },
  'chart.js': { version: '4.6.1', for: 'the self-play report (redzone report)' },
} as const

export type OptionalPeer = keyof typeof OPTIONAL_PEERS

/** The usage error for a missing optional peer. */
export function missingPeer(name: OptionalPeer): RedzoneError {
  const peer = OPTIONAL_PEERS[name]
  return new RedzoneError('usage', `${peer.for} needs the package "${name}", an optional peer dependency of redzone that is not installed: npm install ${name}@${peer.version}`)
}

/** The optional peer a module-not-found error is about, or null. */
export function missingPeerOf(error: unknown): OptionalPeer | null {
  const code = (error as { code?: unknown } | null)?.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return null
  const message = error instanceof Error ? error.message : String(error)
  for (const name of Object.keys(OPTIONAL_PEERS) as OptionalPeer[]) if (message.includes(`'${name}'`) || message.includes(`"${name}"`)) return name
  return null
}

/** `load()` (a dynamic import of a module that imports optional peers), a missing peer turned into `missingPeer`. */
export async function loadWithPeers<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const peer = missingPeerOf(error)
    throw peer === null ? error : missingPeer(peer)
  }
}
