/**
 * Decks: the built-in ones by name, a list of card names, or a deck list (`parseDeckList`: the
 * text of a deck file, `4 Lightning Bolt` a line), checked against the card pool and the deck
 * rules (`deckIssues`) by `playGame`, `selfplay --decks` and `parseDeckList` alike.
 */
import { CARD_POOL, DECKS } from '../rules/cards/pool.js'
import { RedzoneError, type InputIssue } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import { fnv1a } from '../core/fnv.js'
import { fieldPath } from '../state/check-position.js'
import { knownOptions } from '../api/args.js'

/** A card name and how many copies, in list order: one line of a deck list. */
export type DeckEntry = [name: string, count: number]

/** A named deck: what a deck file holds (`parseDeckList`) and what a game record carries of a custom deck. */
export interface DeckList {
  /** The name the deck is recorded under (a file's name without its extension). */
  name: string
  /** The cards in list order (the order the library is built in before the shuffle). */
  cards: readonly DeckEntry[]
}

/** A deck: a built-in deck name (`green-white`, `black-red`), a list of card names from the pool, or a `DeckList`. */
export type DeckSpec = string | readonly string[] | DeckList

export const DECK_NAMES = Object.keys(DECKS) as (keyof typeof DECKS)[]

/**
 * The deck rules of the engine's two-player games. A deck is built ahead of time from a small
 * pool (about 40 cards): the size of a limited deck, as the built-in decks (CR 100.2b: at least
 * 40 cards), the copies of a constructed one (CR 100.2a: at most four of a card with the same
 * English name, but basic lands). `maxCards` is an engine limit, not a rule (the rules set no
 * maximum): a game's objects stay few.
 */
export const DECK_RULES = { minCards: 40, maxCopies: 4, maxCards: 250 } as const

const BUILT_IN = new Map<string, DeckList>()

function builtInDeck(name: string): DeckList | undefined {
  let deck = BUILT_IN.get(name)
  if (!deck && Object.hasOwn(DECKS, name)) {
    deck = { name, cards: (DECKS as Record<string, readonly [string, number][]>)[name]!.map(([card, count]): DeckEntry => [card, count]) }
    BUILT_IN.set(name, deck)
  }
  return deck
}

/** Whether `name` is a built-in deck's. */
export function isBuiltInDeck(name: string): boolean {
  return Object.hasOwn(DECKS, name)
}

/** 32-bit FNV-1a of a text, as 8 hex digits. */
const fnv1aHex = (text: string): string => fnv1a(text).toString(16).padStart(8, '0')

/** Consecutive equal names as one entry: the list order is kept exactly. */
function runs(names: readonly string[]): DeckEntry[] {
  const out: DeckEntry[] = []
  for (const name of names) {
    const last = out[out.length - 1]
    if (last && last[0] === name) last[1]++
    else out.push([name, 1])
  }
  return out
}

/** Whether `value` is a deck list's entry, `[card name, count]` with a count of 1 or more: a `DeckList`'s and a record's `deckLists`. */
export function isEntry(value: unknown): value is DeckEntry {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Number.isInteger(value[1]) && (value[1] as number) >= 1
}

/** The fields of a `DeckList`: a deck list with another (`sideboard`) is refused, not read in part. */
const DECK_LIST_FIELDS: readonly string[] = ['name', 'cards'] satisfies (keyof DeckList)[]

/**
 * A deck spec as a `DeckList`, not yet checked against the pool: a built-in deck by its name; a
 * list of card names under the name `custom-` and a hash of the list (two custom decks are told
 * apart in reports). Throws `invalid-argument` for an unknown deck name or a value of the wrong
 * shape, its message starting with `where` (the caller's name for its list of decks: `playGame:
 * options.decks`) and the deck's `seat` in it, when given (put together only then: `playGame`
 * resolves its decks every game); `invalid-deck` for a deck of more than `DECK_RULES.maxCards`
 * cards (an engine limit, with or without the deck rules). The one place every deck is resolved
 * (`deckCards`, so every game built from decks), before anything is built from it.
 */
export function resolveDeck(spec: DeckSpec, where?: string, seat?: number): DeckList {
  const deck = deckShape(spec, where, seat)
  if (typeof spec !== 'string' && deckSize(deck.cards) > DECK_RULES.maxCards) {
    const at = where === undefined ? '' : `${where}${seat === undefined ? '' : `[${seat}]`}: `
    throw invalidDeck(`${at}deck ${deck.name}`, [{ path: seat === undefined ? '$' : `$.decks[${seat}]`, message: tooManyCards(deckSize(deck.cards)) }])
  }
  return deck
}

/** `resolveDeck` without the size limit: `deckIssues` reports it with the deck's other problems. */
function deckShape(spec: DeckSpec, where?: string, seat?: number): DeckList {
  if (typeof spec === 'string') {
    const deck = builtInDeck(spec)
    if (!deck) throw deckError(where, seat, `unknown deck "${spec}"; expected one of ${DECK_NAMES.join(', ')}, a list of card names or a deck list (parseDeckList)`)
    return deck
  }
  if (Array.isArray(spec)) {
    if (spec.length === 0) throw deckError(where, seat, 'a deck is a built-in deck name, a non-empty list of card names or a deck list')
    // By index: `every` skips the holes of a sparse list (`[, 'Forest']`), read later as no name.
    for (let i = 0; i < spec.length; i++) {
      if (typeof spec[i] !== 'string') throw deckError(where, seat, `expected a card name (a string), got ${describeValue(spec[i])}: a list of card names has one at every place`, `[${i}]`)
    }
    const cards = runs(spec as readonly string[])
    return { name: `custom-${fnv1aHex(JSON.stringify(cards))}`, cards }
  }
  const list = spec as Partial<DeckList> | null
  if (list === null || typeof list !== 'object') {
    throw deckError(where, seat, `a deck is a built-in deck name (${DECK_NAMES.join(', ')}), a non-empty list of card names or a deck list { name, cards }, got ${describeValue(list)}`)
  }
  if (typeof list.name !== 'string' || list.name === '' || !Array.isArray(list.cards) || list.cards.length === 0 || !everyEntry(list.cards)) {
    throw deckError(where, seat, 'a deck list is { name, cards: [[card name, count], ...] } with a name and at least one card')
  }
  for (const key in list) {
    if (!DECK_LIST_FIELDS.includes(key)) throw deckError(where, seat, `unknown field of a deck list; expected ${DECK_LIST_FIELDS.join(', ')}`, fieldPath(key))
  }
  return list as DeckList
}

/** Whether every place of `cards` (holes too: `every` skips them) is a deck list's entry. */
function everyEntry(cards: readonly unknown[]): boolean {
  for (let i = 0; i < cards.length; i++) if (!isEntry(cards[i])) return false
  return true
}

/** `invalid-argument` for a deck: its message starts with `where` and `seat` (or, with none, `$`) and `field` (`[1]`, `.sideboard`) when given. */
function deckError(where: string | undefined, seat: number | undefined, message: string, field?: string): RedzoneError {
  const deck = where === undefined ? (field === undefined ? '' : '$') : `${where}${seat === undefined ? '' : `[${seat}]`}`
  const at = `${deck}${field ?? ''}`
  return new RedzoneError('invalid-argument', at === '' ? message : `${at}: ${message}`)
}

/** The message of a deck past the engine's limit. */
function tooManyCards(size: number): string {
  return `${size} cards: at most ${DECK_RULES.maxCards} (an engine limit)`
}

/** The total number of cards of a deck list. */
function deckSize(cards: readonly DeckEntry[]): number {
  return cards.reduce((sum, [, count]) => sum + count, 0)
}

function isBasicLand(name: string): boolean {
  return CARD_POOL.get(name)?.supertypes?.includes('Basic') ?? false
}

/** Levenshtein distance of two short strings (case already folded). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)))
    previous = row
  }
  return previous[b.length]!
}

/**
 * Up to three pool names nearest to `name`, closest first: by edit distance (case folded), a name
 * containing it (`Bolt`) counting as 3; only those within one of the closest, and none farther
 * than a third of the name's length (at least 3).
 */
function nearestCardNames(name: string): string[] {
  const folded = name.toLowerCase()
  const limit = Math.max(3, Math.floor(folded.length / 3))
  const scored = [...CARD_POOL.keys()]
    .map((card) => {
      const d = distance(folded, card.toLowerCase())
      return { card, d: folded.length >= 4 && card.toLowerCase().includes(folded) ? Math.min(d, 3) : d }
    })
    .filter(({ d }) => d <= limit)
    .sort((x, y) => x.d - y.d || (x.card < y.card ? -1 : 1))
  const best = scored[0]?.d ?? 0
  return scored.filter(({ d }) => d <= best + 1).slice(0, 3).map(({ card }) => card)
}

/** The message for a card name the pool does not have. */
function unknownCard(name: string): string {
  const near = nearestCardNames(name)
  return `unknown card "${name}": ${near.length > 0 ? `nearest in the pool: ${near.join(', ')}` : 'not in the pool'} (see \`redzone cards\`)`
}

/** The pool's spelling of a card name: exact, or differing only in case or in the apostrophe (’). */
function poolName(name: string): string | undefined {
  if (CARD_POOL.has(name)) return name
  const folded = name.replace(/[\u2018\u2019]/g, "'").toLowerCase()
  for (const card of CARD_POOL.keys()) if (card.toLowerCase() === folded) return card
  return undefined
}

/**
 * The problems of a deck's cards, each with its path (`where(i)` names entry `i`): names not in
 * the pool, and with `rules`, the deck rules (`DECK_RULES`; the size only when `sizeKnown`: not
 * when lines of a file could not be read). Empty when the deck is legal.
 */
function entryIssues(cards: readonly DeckEntry[], where: (i: number) => string, whole: string, rules: boolean, sizeKnown = true): InputIssue[] {
  const issues: InputIssue[] = []
  const copies = new Map<string, { count: number; entries: number[] }>()
  cards.forEach(([name, count], i) => {
    if (!CARD_POOL.has(name)) {
      issues.push({ path: where(i), message: unknownCard(name) })
      return
    }
    const seen = copies.get(name) ?? { count: 0, entries: [] }
    seen.count += count
    seen.entries.push(i)
    copies.set(name, seen)
  })
  if (rules) {
    for (const [name, { count, entries }] of copies) {
      if (count > DECK_RULES.maxCopies && !isBasicLand(name)) {
        const at = entries.length > 1 ? ` (${entries.map(where).join(', ')})` : ''
        issues.push({ path: where(entries[0]!), message: `${count} copies of ${name}${at}: at most ${DECK_RULES.maxCopies} of a card other than basic lands (CR 100.2a)` })
      }
    }
  }
  if (!sizeKnown) return issues
  const size = deckSize(cards)
  if (rules && size < DECK_RULES.minCards) issues.push({ path: whole, message: `${size} cards: a deck has at least ${DECK_RULES.minCards} (CR 100.2b)` })
  // The engine's limit is no deck rule: it holds without them.
  if (size > DECK_RULES.maxCards) issues.push({ path: whole, message: tooManyCards(size) })
  return issues
}

/**
 * The problems of a deck against the card pool and the deck rules (`DECK_RULES`, CR 100.2a-b),
 * each with a path (`$.cards[3]`, or `path` and the entry): empty when the deck is legal. With
 * `rules: false`, only names not in the pool and the engine's limit of `DECK_RULES.maxCards` cards
 * (decks for rules experiments, e.g. ten lands to run out of cards). The one check of `playGame`,
 * `selfplay --decks` and `parseDeckList`. Throws `invalid-argument` for a value that is no deck
 * (`resolveDeck`) and for options that are not `{ rules?, path? }` (a misspelt one would be its default).
 */
export function deckIssues(spec: DeckSpec, options: { rules?: boolean; path?: string } = {}): InputIssue[] {
  const o = knownOptions(options, 'deckIssues: ', DECK_ISSUES_OPTIONS)
  if (o.rules !== undefined && typeof o.rules !== 'boolean') throw new RedzoneError('invalid-argument', `deckIssues: options.rules: expected true or false, got ${describeValue(o.rules)}`)
  if (o.path !== undefined && (typeof o.path !== 'string' || o.path === '')) throw new RedzoneError('invalid-argument', `deckIssues: options.path: expected a non-empty string, got ${describeValue(o.path)}`)
  const deck = deckShape(spec)
  const path = options.path ?? '$'
  return entryIssues(deck.cards, (i) => `${path}.cards[${i}]`, path, options.rules ?? true)
}

const DECK_ISSUES_OPTIONS: readonly string[] = ['rules', 'path']

/** A `RedzoneError` (`invalid-deck`) listing every issue, one a line. */
export function invalidDeck(what: string, issues: readonly InputIssue[]): RedzoneError {
  const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`)
  return new RedzoneError('invalid-deck', `${what}: ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}\n${lines.join('\n')}`, issues)
}

/**
 * The card names of a deck, in list order; throws `RedzoneError` for an unknown deck or card, or a
 * deck past the engine's limit of `DECK_RULES.maxCards` cards (no deck rules: a library as given).
 */
export function deckCards(spec: DeckSpec): string[] {
  const deck = resolveDeck(spec)
  const issues = entryIssues(deck.cards, (i) => `$.cards[${i}]`, '$', false)
  if (issues.length > 0) throw invalidDeck(`deck ${deck.name}`, issues)
  return deck.cards.flatMap(([name, count]) => Array<string>(count).fill(name))
}

const PARSE_OPTIONS = ['name', 'source'] as const satisfies readonly (keyof ParseOptions)[]

/** `parseDeckList`'s options. */
interface ParseOptions {
  name?: string
  source?: string
}

const HEADER = /^(deck|main ?deck|main)\s*:?$/i
const SIDEBOARD = /^sideboard\s*:?$/i
/** An Arena export's set and collector number after the name: `4 Lightning Bolt (M10) 146`. */
const SET_SUFFIX = /\s+\([A-Za-z0-9]{2,6}\)(\s+[A-Za-z0-9-]+)?$/

/**
 * Reads a deck list: one `COUNT NAME` a line (`4 Lightning Bolt`, `4x Lightning Bolt`; an Arena
 * export's set and number after the name are ignored). Blank lines, lines starting with `//` or
 * `#`, a `Deck` header and MWS `SB:` lines are skipped; a `Sideboard` line ends the main deck
 * (what follows is not read). Names match the pool's exactly or but for case and ’. Every bad
 * line, unknown card (with the nearest names) and broken deck rule (`deckIssues`) is reported at
 * once: a `RedzoneError` (`invalid-deck`) whose `issues` have paths `SOURCE:LINE`. The deck is
 * named `name`, by default the file name of `source` without its extension.
 */
export function parseDeckList(text: string, options: ParseOptions = {}): DeckList {
  // A plain-JavaScript caller's mistakes, named (a string where the options go was ignored: the deck was called "deck").
  if (typeof text !== 'string') throw new RedzoneError('invalid-argument', `parseDeckList: text: expected a deck list's text (a string), got ${describeValue(text)}`)
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new RedzoneError('invalid-argument', `parseDeckList: options: expected { name?, source? }, got ${describeValue(options)}`)
  knownOptions(options, 'parseDeckList: ', PARSE_OPTIONS)
  for (const key of PARSE_OPTIONS) {
    if (options[key] !== undefined && (typeof options[key] !== 'string' || options[key] === '')) throw new RedzoneError('invalid-argument', `parseDeckList: options.${key}: expected a non-empty string, got ${describeValue(options[key])}`)
  }
  const source = options.source ?? options.name ?? 'deck'
  const cards: DeckEntry[] = []
  const lineOf: number[] = []
  const issues: InputIssue[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    const at = `${source}:${i + 1}`
    if (line === '' || line.startsWith('//') || line.startsWith('#') || HEADER.test(line) || /^sb:/i.test(line)) continue
    if (SIDEBOARD.test(line)) break
    const match = /^(\S+)\s+(.+)$/.exec(line)
    if (!match) {
      issues.push({ path: at, message: /^\d+x?$/i.test(line) ? `"${line}": a count with no card name` : `"${line}": expected a count and a card name, as in "4 Lightning Bolt"` })
      continue
    }
    const countText = match[1]!
    const name = match[2]!.replace(SET_SUFFIX, '').trim()
    const count = /^\d+x?$/i.test(countText) ? Number.parseInt(countText, 10) : Number.NaN
    if (!Number.isInteger(count) || count < 1 || count > DECK_RULES.maxCards) {
      issues.push({
        path: at,
        message: /^[-+\d.]/.test(countText)
          ? `bad count "${countText}": a whole number from 1 to ${DECK_RULES.maxCards}`
          : `"${line}": expected a count and a card name, as in "4 Lightning Bolt"`,
      })
      continue
    }
    // A name not in the pool stays as written: the check below reports it, and its count counts.
    cards.push([poolName(name) ?? name, count])
    lineOf.push(i + 1)
  }
  if (cards.length === 0 && issues.length === 0) issues.push({ path: source, message: 'no cards: a line like "4 Lightning Bolt" for each card' })
  else issues.push(...entryIssues(cards, (i) => `${source}:${lineOf[i]}`, source, true, issues.length === 0))
  issues.sort((a, b) => lineNumber(a.path) - lineNumber(b.path))
  if (issues.length > 0) throw invalidDeck(`deck ${source}`, issues)
  return { name: options.name ?? fileName(source), cards }
}

/** A path's last part without its extension (`decks/mono-red.txt` -> `mono-red`). */
function fileName(path: string): string {
  const last = path.split(/[\\/]/).pop()!
  return last.replace(/\.[^.]*$/, '') || last
}

/** The line number of a `SOURCE:LINE` path (a whole-deck issue, with no line, sorts last). */
function lineNumber(path: string): number {
  const match = /:(\d+)$/.exec(path)
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER
}
