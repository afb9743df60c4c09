/** `redzone export --out ''`: the flag named in the CLI's words (exportGames now names its own option, `options.out`). */
import { describe, expect, it } from 'vitest'
import { exportCommand, EXIT_INVALID } from '../../src/cli/export.js'

describe('redzone export --out', () => {
  it("'' is refused naming --out, exit 2", async () => {
    let err = ''
    let out = ''
    const code = await exportCommand('games.jsonl', { out: '' }, { write: (text: string) => void (out += text) }, { write: (text: string) => void (err += text) })
    expect(code).toBe(EXIT_INVALID)
    expect(err).toBe('redzone export: --out: a directory, or a file ending in .npz\n')
    expect(out).toBe('')
  })
})
