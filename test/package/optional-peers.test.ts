/**
 * The Node features that need an optional peer dependency (bullmq, ioredis, piscina, chart.js):
 * a missing package is a usage error naming the package and how to install it, not Node's
 * module-not-found error from inside a chunk.
 */
import { describe, expect, it } from 'vitest'
import { RedzoneError } from '../../src/core/errors.js'
import { loadWithPeers, missingPeer, missingPeerOf, OPTIONAL_PEERS } from '../../src/node/selfplay/optional.js'

function notFound(message: string, code = 'ERR_MODULE_NOT_FOUND'): Error {
  return Object.assign(new Error(message), { code })
}

describe('optional peer dependencies', () => {
  it('names the missing package, what needs it and the install command', () => {
    const error = missingPeer('bullmq')
    expect(error).toBeInstanceOf(RedzoneError)
    expect(error.code).toBe('usage')
    expect(error.message).toBe(`redzone: the self-play queue (--queue, redzone worker) needs the package "bullmq", an optional peer dependency of redzone that is not installed: npm install bullmq@${OPTIONAL_PEERS.bullmq.version}`)
  })

  it('turns the module-not-found error of a peer into that usage error, and leaves every other error as it was', async () => {
    await expect(loadWithPeers(() => Promise.reject(notFound("Cannot find package 'piscina' imported from /x/dist/chunks/pool.js")))).rejects.toMatchObject({ code: 'usage', message: expect.stringContaining('npm install piscina@') })
    expect(missingPeerOf(notFound("Cannot find module 'chart.js'", 'MODULE_NOT_FOUND'))).toBe('chart.js')
    const other = notFound("Cannot find package 'left-pad' imported from /x")
    await expect(loadWithPeers(() => Promise.reject(other))).rejects.toBe(other)
    const bug = new TypeError('x is not a function')
    await expect(loadWithPeers(() => Promise.reject(bug))).rejects.toBe(bug)
    await expect(loadWithPeers(() => Promise.resolve(7))).resolves.toBe(7)
  })

  it('the peers are the package.json optional peers, with the versions the lock file installs', async () => {
    const { readFileSync } = await import('node:fs')
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { peerDependencies: Record<string, string>; devDependencies: Record<string, string> }
    for (const [name, peer] of Object.entries(OPTIONAL_PEERS)) {
      expect(manifest.peerDependencies[name]).toBe(`^${peer.version}`)
      expect(manifest.devDependencies[name]).toBe(peer.version)
    }
  })
})
