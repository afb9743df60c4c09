/** Deck files on disk: a plain deck list (`parseDeckList`), recorded under the file's name. */
import { readFileSync } from 'node:fs'
import { basename, extname } from 'node:path'
import { RedzoneError } from '../core/errors.js'
import { parseDeckList, type DeckList } from '../play/decks.js'
import { checkPath } from './path-argument.js'

/**
 * Reads and checks a deck file (`parseDeckList`: one `4 Lightning Bolt` a line, against the pool
 * and the deck rules); its name is the file's without the extension (`decks/mono-red.txt` ->
 * `mono-red`). Throws `RedzoneError`: `invalid-deck` with every bad line (`FILE:LINE` paths),
 * `invalid-argument` for a file that can't be read or a `path` that is not a non-empty string.
 */
export function readDeckFile(path: string): DeckList {
  checkPath(path, 'readDeckFile: file')
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new RedzoneError('invalid-argument', `deck file ${path}: can't read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return parseDeckList(text, { name: basename(path, extname(path)), source: path })
}
