/**
 * The decks of a self-play run: built-in names, or deck files read once by the producer (the
 * lists travel in the run's configuration to every thread and queue worker: no worker reads a file).
 */
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { RedzoneError } from '../../core/errors.js'
import { deckIssues, invalidDeck, isBuiltInDeck, type DeckList, type DeckSpec } from '../../play/decks.js'
import { readDeckFile } from '../deck-files.js'
import type { RunConfig } from './config.js'
import { builtinDeckNames } from './registry.js'

function usage(error: unknown): never {
  if (error instanceof RedzoneError && error.code !== 'usage') throw new RedzoneError('usage', error.message.replace(/^redzone: /, ''), error.issues)
  throw error
}

/**
 * `--decks` entries as a run keeps them: a built-in deck's name as it is, a deck file as an
 * absolute path with its list read and checked (usage errors: an unknown name that is no file, a
 * file with bad lines, every one listed).
 */
export function runDecks(specs: readonly string[], cwd = process.cwd()): Pick<RunConfig, 'decks' | 'deckLists'> {
  const decks = specs.map((spec) => (isBuiltInDeck(spec) ? spec : isAbsolute(spec) ? spec : resolve(cwd, spec)))
  if (decks.every((deck) => isBuiltInDeck(deck))) return { decks }
  const lists = decks.map((path, k): DeckList | null => {
    if (isBuiltInDeck(path)) return null
    if (!existsSync(path)) {
      // Either a built-in name mistyped or a deck file's path wrong: both are said.
      throw new RedzoneError('usage', `unknown deck "${specs[k]}": no built-in deck of that name (${builtinDeckNames().join(', ')}), and no deck list file at ${path}`)
    }
    try {
      return readDeckFile(path)
    } catch (error) {
      return usage(error)
    }
  })
  return { decks, deckLists: lists }
}

/** Checks a run's decks (a usage error for an unknown built-in name or a list against the deck rules). */
export function checkRunDecks(config: RunConfig): void {
  config.decks.forEach((name, k) => {
    const list = config.deckLists?.[k]
    if (list) {
      const issues = deckIssues(list, { path: `--decks ${name}` })
      if (issues.length > 0) usage(invalidDeck(`deck ${name}`, issues))
    } else if (!isBuiltInDeck(name)) {
      throw new RedzoneError('usage', `unknown deck "${name}": built-in decks are ${builtinDeckNames().join(', ')}; or give the path of a deck list file`)
    }
  })
}

/** What `playGame` gets for agent k's deck: the list of a deck file, the name of a built-in deck. */
export function runDeckSpecs(config: RunConfig): DeckSpec[] {
  return config.decks.map((name, k) => config.deckLists?.[k] ?? name)
}

/** The names the decks are recorded and summarised under (a deck file's name without its extension). */
export function runDeckNames(config: RunConfig): string[] {
  return config.decks.map((name, k) => config.deckLists?.[k]?.name ?? name)
}
