/**
 * Random valid `redzone-scenario/1` documents (docs/scenario-format.md): players, creatures with random
 * keywords, planeswalkers, lands, Equipment and Auras (attached or not), cards in hand, library,
 * graveyard and exile (plotted), and random actions of every kind, legal or not. References
 * point at ids the position defines, so the file loads; the rules may still reject the actions.
 * The vocabulary is written out here (not read from the engine) so that a seed keeps producing
 * the same cases while the engine changes.
 */
import type { FuzzRng } from './rng.js'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export const KEYWORDS = [
  'deathtouch', 'defender', 'double strike', 'first strike', 'flash', 'flying', 'haste', 'hexproof',
  'indestructible', 'lifelink', 'reach', 'trample', 'trample over planeswalkers', 'vigilance', 'menace',
] as const
export const STEPS = [
  'untap', 'upkeep', 'draw', 'precombatMain', 'beginCombat', 'declareAttackers', 'declareBlockers',
  'firstStrikeDamage', 'regularDamage', 'endCombat', 'postcombatMain', 'end', 'cleanup',
] as const
export const ZONES = ['battlefield', 'hand', 'library', 'graveyard', 'exile'] as const
export const ENCHANT = ['creature', 'player', 'planeswalker', 'permanent', 'creature you control', 'land', 'artifact'] as const
export const SPELL_TARGETS = ['creature', 'player', 'planeswalker', 'any', 'creature you control'] as const
export const LANDS = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'] as const
export const CARDS = [
  'Brightglass Gearhulk', 'Spinewoods Paladin', 'Savannah Lions', 'Glory Seeker', 'Youthful Knight', 'Fencing Ace',
  'Serra Angel', 'Holy Strength', 'Gladecover Scout', 'Wall of Wood', 'Grizzly Bears', 'Ambush Viper', 'Giant Spider',
  'Colossal Dreadmaw', "Thrasta, Tempest's Roar", 'Giant Growth', "Ranger's Guile", 'Spectral Flight', 'Typhoid Rats',
  'Walking Corpse', 'Vampire Nighthawk', 'Unholy Strength', 'Murder', 'Raging Goblin', 'Gray Ogre', 'Boggart Brute',
  'Wall of Stone', 'Hill Giant', 'Shock', 'Lightning Bolt', 'Ornithopter', 'Darksteel Myr', 'Short Sword', 'Bonesplitter',
  'Vulshok Morningstar', 'Loxodon Warhammer',
] as const
const EQUIPMENT_CARDS = ['Short Sword', 'Bonesplitter', 'Vulshok Morningstar', 'Loxodon Warhammer'] as const
const AURA_CARDS = ['Holy Strength', 'Spectral Flight', 'Unholy Strength'] as const
const SPELL_CARDS = ['Giant Growth', "Ranger's Guile", 'Murder', 'Shock', 'Lightning Bolt'] as const

/** Integers a valid file may hold that stress the engine's number stores (all safe integers, as the schema's `int`). */
export const ABSURD_INTS = [2 ** 31 - 1, 2 ** 31, 3e9, 2 ** 32, -(2 ** 31), -3e9, 2 ** 53 - 1, 1e15, -(2 ** 53 - 1)] as const

function manaCost(r: FuzzRng): string {
  let out = ''
  if (r.chance(0.7)) out += `{${r.int(0, 4)}}`
  const n = r.int(0, 2)
  for (let i = 0; i < n; i++) out += `{${r.pick(['W', 'U', 'B', 'R', 'G'])}}`
  return out === '' ? '{0}' : out
}

function smallInt(r: FuzzRng, lo: number, hi: number, absurd: number): number {
  if (r.chance(absurd)) return r.pick(lo >= 0 ? ABSURD_INTS.filter((n) => n >= 0) : ABSURD_INTS)
  return r.int(lo, hi)
}

function keywordList(r: FuzzRng, p: number): string[] {
  return r.subset(KEYWORDS, p)
}

function granted(r: FuzzRng, absurd: number): JsonObject {
  const out: JsonObject = {}
  if (r.chance(0.8)) out.power = smallInt(r, -2, 4, absurd)
  if (r.chance(0.8)) out.toughness = smallInt(r, -2, 4, absurd)
  if (r.chance(0.5)) out.keywords = keywordList(r, 0.12)
  return out
}

export interface GenOptions {
  /** Probability of an absurd (but schema-valid) integer where a number goes. */
  absurd: number
}

interface Ctx {
  r: FuzzRng
  players: string[]
  objects: JsonObject[]
  opt: GenOptions
}

function playerIds(r: FuzzRng): string[] {
  // Multiplayer positions (CR 800) two times in five: the free-for-all rules (attacks on several
  // players, leaving the game) are as much the engine's as the two-player ones.
  const n = r.weighted<number>([[6, 2], [2, 3], [2, 4]])
  const style = r.int(0, 3)
  const names = style === 0 ? ['A', 'B', 'C', 'D'] : style === 1 ? ['alice', 'bob', 'carol', 'dave'] : style === 2 ? ['p1', 'p2', 'p3', 'p4'] : ['A', 'B', 'C', 'D']
  return names.slice(0, n)
}

function objectId(r: FuzzRng, kind: string, i: number): string {
  // Ids with a non-digit; now and then odd but legal ones.
  return r.weighted<string>([
    [20, `${kind}${i}`],
    [1, `${kind}-${i}-é`],
    [1, `${i}x`],
    [1, `${kind} ${i}`],
    [1, `${kind}.${i}["q"]`],
  ])
}

function makeObject(c: Ctx, i: number): JsonObject {
  const { r, players, opt } = c
  const controller = r.pick(players)
  const kind = r.weighted<string>([
    [10, 'creature'],
    [4, 'card'],
    [4, 'land'],
    [2, 'planeswalker'],
    [2, 'equipment'],
    [2, 'aura'],
    [2, 'spell'],
    [1, 'artifact'],
  ])
  const o: JsonObject = { id: objectId(r, kind === 'creature' ? 'c' : kind.slice(0, 2), i) }
  if (r.chance(0.9)) o.controller = controller
  if (r.chance(0.2) || o.controller === undefined) o.owner = r.chance(0.8) ? controller : r.pick(players)
  switch (kind) {
    case 'creature':
      o.types = r.chance(0.15) ? ['artifact', 'creature'] : ['creature']
      o.power = smallInt(r, 0, 7, opt.absurd)
      o.toughness = smallInt(r, 0, 7, opt.absurd) || (r.chance(0.9) ? 1 : 0)
      o.keywords = keywordList(r, 0.15)
      if (r.chance(0.1)) (o.keywords as Json[]).push({ plot: manaCost(r) })
      if (r.chance(0.05)) o.subtypes = [r.pick(['Knight', 'Bear', 'Wall'])]
      if (r.chance(0.3)) o.manaCost = manaCost(r)
      break
    case 'card':
      o.card = r.pick(CARDS)
      if (r.chance(0.15)) o.power = smallInt(r, 0, 7, opt.absurd)
      if (r.chance(0.15)) o.keywords = keywordList(r, 0.1)
      break
    case 'land':
      o.card = r.pick(LANDS)
      break
    case 'planeswalker':
      o.types = ['planeswalker']
      o.loyalty = r.chance(opt.absurd) ? r.pick(ABSURD_INTS.filter((n) => n >= 0)) : r.int(0, 7)
      if (r.chance(0.3)) o.manaCost = manaCost(r)
      break
    case 'equipment':
      if (r.chance(0.4)) o.card = r.pick(EQUIPMENT_CARDS)
      else {
        o.types = ['artifact']
        o.subtypes = ['Equipment']
        const ks: Json[] = [{ equip: manaCost(r) }]
        if (r.chance(0.2)) ks.push({ equip: manaCost(r), quality: 'Knight' })
        if (r.chance(0.2)) ks.push({ 'equip planeswalker': manaCost(r) })
        o.keywords = ks
        o.equipped = granted(r, opt.absurd)
        if (r.chance(0.5)) o.manaCost = manaCost(r)
      }
      break
    case 'aura':
      if (r.chance(0.4)) o.card = r.pick(AURA_CARDS)
      else {
        o.types = ['enchantment']
        o.subtypes = ['Aura']
        o.keywords = [{ enchant: r.pick(ENCHANT) }]
        if (r.chance(0.1)) (o.keywords as Json[]).push({ enchant: r.pick(ENCHANT) })
        o.enchanted = granted(r, opt.absurd)
        o.manaCost = manaCost(r)
      }
      break
    case 'spell':
      if (r.chance(0.5)) o.card = r.pick(SPELL_CARDS)
      else {
        o.types = [r.pick(['instant', 'sorcery'])]
        const spell: JsonObject = { target: r.pick(SPELL_TARGETS) }
        const effect = r.int(0, 2)
        if (effect === 0) spell.pump = granted(r, opt.absurd)
        else if (effect === 1) spell.damage = r.chance(opt.absurd) ? r.pick(ABSURD_INTS.filter((n) => n >= 0)) : r.int(0, 5)
        else spell.destroy = true
        o.spell = spell
        if (r.chance(0.9)) o.manaCost = manaCost(r)
      }
      break
    case 'artifact':
      o.types = [r.pick(['artifact', 'enchantment', 'land'])]
      break
  }
  // Zone: lands and permanents mostly on the battlefield; spells mostly in hand.
  const zone = kind === 'spell' ? r.weighted<string>([[6, 'hand'], [1, 'library'], [1, 'graveyard'], [1, 'exile']]) : r.weighted<string>([[12, 'battlefield'], [2, 'hand'], [2, 'library'], [1, 'graveyard'], [1, 'exile']])
  if (zone !== 'battlefield' || r.chance(0.1)) o.zone = zone
  if (zone === 'battlefield') {
    if (r.chance(0.15)) o.tapped = r.chance(0.8)
    if (kind === 'creature' && r.chance(0.15)) o.damage = smallInt(r, 0, 3, opt.absurd / 2)
    if ((kind === 'creature' || kind === 'card') && r.chance(0.2)) o.summoningSick = r.chance(0.7)
  }
  if (zone === 'exile' && r.chance(0.5)) {
    o.plotted = true
    if (r.chance(0.7)) o.plottedTurn = r.int(1, 4)
  }
  return o
}

function isOn(o: JsonObject, zone: string): boolean {
  return (o.zone ?? 'battlefield') === zone
}

/** A valid position as a JSON object (no format, name or actions). */
export function generatePosition(r: FuzzRng, opt: GenOptions): JsonObject {
  const players = playerIds(r)
  const c: Ctx = { r, players, objects: [], opt }
  const n = r.weighted<number>([[1, 0], [6, r.int(1, 8)], [3, r.int(8, 16)], [1, r.int(16, 40)]])
  for (let i = 0; i < n; i++) c.objects.push(makeObject(c, i))
  // Libraries now and then, so that passing turns does not just end the game.
  if (r.chance(0.4)) {
    for (const p of players) {
      const k = r.int(1, 3)
      for (let i = 0; i < k; i++) c.objects.push({ id: `lib-${p}-${i}`, owner: p, zone: 'library', card: r.pick([...LANDS, ...CARDS]) })
    }
  }
  // Attachments: Equipment and Auras on the battlefield attached to something, mostly legal.
  const battlefield = c.objects.filter((o) => isOn(o, 'battlefield'))
  for (const o of battlefield) {
    const attachable = (o.subtypes as string[] | undefined)?.some((s) => s === 'Equipment' || s === 'Aura') ||
      [...EQUIPMENT_CARDS, ...AURA_CARDS].includes(o.card as never)
    if (!attachable || !r.chance(0.6)) continue
    const hosts = battlefield.filter((h) => h !== o && (Array.isArray(h.types) ? (h.types as string[]).includes('creature') : h.card !== undefined && !LANDS.includes(h.card as never)))
    if (r.chance(0.85) && hosts.length > 0) o.attachedTo = r.pick(hosts).id as string
    else if (r.chance(0.5)) o.attachedTo = r.pick(players)
    else if (battlefield.length > 1) o.attachedTo = r.pick(battlefield.filter((h) => h !== o)).id as string
  }
  const pos: JsonObject = {}
  if (r.chance(0.85)) {
    const turn: JsonObject = {}
    if (r.chance(0.8)) turn.active = r.pick(players)
    if (r.chance(0.7)) turn.number = r.chance(opt.absurd) ? r.pick([2 ** 31 - 1, 3e9, 2 ** 53 - 1]) : r.int(1, 5)
    if (r.chance(0.85)) turn.step = r.weighted<string>([[6, 'precombatMain'], [2, 'beginCombat'], [1, 'upkeep'], [3, r.pick(STEPS)]])
    if (r.chance(0.15)) turn.landsPlayed = r.chance(opt.absurd) ? r.pick([2 ** 31, 3e9]) : r.int(0, 2)
    pos.turn = turn
  }
  pos.players = players.map((id) => {
    const p: JsonObject = { id }
    if (r.chance(0.4)) p.life = r.chance(opt.absurd) ? r.pick(ABSURD_INTS) : r.weighted<number>([[6, r.int(1, 5)], [6, 20], [1, r.pick([0, -3])]])
    return p
  })
  pos.objects = c.objects
  return pos
}

function ids(objects: JsonObject[], pred: (o: JsonObject) => boolean = () => true): string[] {
  return objects.filter(pred).map((o) => o.id as string)
}

function isCreatureLike(o: JsonObject): boolean {
  return (Array.isArray(o.types) && (o.types as string[]).includes('creature')) || (o.card !== undefined && !LANDS.includes(o.card as never) && ![...EQUIPMENT_CARDS, ...AURA_CARDS, ...SPELL_CARDS].includes(o.card as never))
}

/** One random action naming ids of the position (legal or not by the rules). */
export function generateAction(r: FuzzRng, pos: JsonObject, opt: GenOptions): JsonObject {
  const players = (pos.players as JsonObject[]).map((p) => p.id as string)
  const objects = pos.objects as JsonObject[]
  const all = [...players, ...ids(objects)]
  const creatures = ids(objects, isCreatureLike)
  const pws = ids(objects, (o) => Array.isArray(o.types) && (o.types as string[]).includes('planeswalker'))
  const someObject = (): string => (objects.length > 0 ? r.pick(r.chance(0.7) && creatures.length > 0 ? creatures : ids(objects)) : '')
  const someCreature = (): string => (creatures.length > 0 && r.chance(0.85) ? r.pick(creatures) : someObject())
  const kinds: [number, string][] = [
    [10, 'attack'], [7, 'block'], [8, 'combatDamage'], [6, 'advance'], [4, 'grant'], [3, 'lose'], [4, 'dealDamage'],
    [2, 'destroy'], [2, 'exile'], [2, 'removeFromCombat'], [6, 'cast'], [3, 'activate'], [2, 'plot'], [3, 'play'], [2, 'expect'],
  ]
  const needsObject = new Set(['attack', 'block', 'grant', 'lose', 'destroy', 'exile', 'removeFromCombat', 'cast', 'activate', 'plot', 'play'])
  let kind = r.weighted(kinds)
  if (objects.length === 0 && needsObject.has(kind)) kind = r.pick(['advance', 'dealDamage', 'combatDamage'])
  const a: JsonObject = { do: kind }
  switch (kind) {
    case 'attack': {
      const m: JsonObject = {}
      const k = r.int(0, Math.min(4, creatures.length))
      for (let i = 0; i < k; i++) m[someCreature()] = r.chance(0.8) ? r.pick([...players, ...pws]) : r.pick(all)
      a.attackers = m
      break
    }
    case 'block': {
      const m: JsonObject = {}
      const k = r.int(0, Math.min(4, creatures.length))
      for (let i = 0; i < k; i++) m[someCreature()] = someCreature()
      a.blockers = m
      break
    }
    case 'combatDamage':
      if (r.chance(0.3) && creatures.length > 0) {
        const assign: JsonObject = {}
        const entries: JsonObject = {}
        const k = r.int(0, 3)
        for (let i = 0; i < k; i++) entries[r.pick(all)] = smallInt(r, -1, 5, opt.absurd)
        assign[someCreature()] = entries
        a.assign = assign
      }
      break
    case 'advance':
      a.to = r.pick(STEPS)
      if (r.chance(0.3)) a.turn = 'next'
      break
    case 'grant':
      a.object = someObject()
      if (r.chance(0.7)) a.keywords = keywordList(r, 0.15)
      if (r.chance(0.6)) a.power = smallInt(r, -3, 5, opt.absurd)
      if (r.chance(0.6)) a.toughness = smallInt(r, -3, 5, opt.absurd)
      break
    case 'lose':
      a.object = someObject()
      a.keywords = keywordList(r, 0.2)
      break
    case 'dealDamage':
      if (objects.length > 0 && r.chance(0.5)) a.source = someObject()
      a.to = r.pick(all)
      a.amount = r.chance(opt.absurd) ? r.pick(ABSURD_INTS.filter((n) => n >= 0)) : r.weighted<number>([[5, r.int(0, 5)], [1, r.int(10, 40)]])
      break
    case 'destroy':
    case 'exile':
    case 'removeFromCombat':
      a.object = someObject()
      break
    case 'cast': {
      a.player = r.pick(players)
      const cards = ids(objects, (o) => !isOn(o, 'battlefield'))
      a.card = cards.length > 0 && r.chance(0.85) ? r.pick(cards) : someObject()
      if (r.chance(0.6)) a.targets = r.chance(0.9) ? [r.pick(all)] : [r.pick(all), r.pick(all)]
      if (r.chance(0.15)) a.alternative = 'plot'
      if (r.chance(0.15)) a.choices = r.chance(0.2) ? {} : { search: r.subset(ids(objects), 0.1) }
      break
    }
    case 'activate':
      a.player = r.pick(players)
      a.object = someObject()
      a.ability = r.chance(0.85) ? 'equip' : 'equip planeswalker'
      if (r.chance(0.9)) a.targets = r.chance(0.9) ? [r.pick(all)] : []
      break
    case 'plot':
      a.player = r.pick(players)
      a.card = someObject()
      break
    case 'play': {
      a.player = r.chance(0.8) && typeof pos.turn === 'object' && pos.turn !== null && typeof (pos.turn as JsonObject).active === 'string' ? (pos.turn as JsonObject).active as string : r.pick(players)
      const lands = ids(objects, (o) => LANDS.includes(o.card as never) || (Array.isArray(o.types) && (o.types as string[]).includes('land')))
      a.card = lands.length > 0 && r.chance(0.8) ? r.pick(lands) : someObject()
      break
    }
    case 'expect': {
      if (r.chance(0.15)) a.canPlay = r.subset(ids(objects), 0.1)
      if (r.chance(0.15)) a.canCast = r.subset(ids(objects), 0.1)
      if (r.chance(0.1)) a.canAttack = creatures.length > 0 && r.chance(0.5) ? { [r.pick(creatures)]: r.subset(players, 0.5) } : {}
      if (r.chance(0.1)) a.canBlock = creatures.length > 1 && r.chance(0.5) ? { [r.pick(creatures)]: [r.pick(creatures)] } : {}
      if (r.chance(0.5)) a.life = { [r.pick(players)]: r.int(0, 20) }
      if (r.chance(0.3) && objects.length > 0) a.zone = { [someObject()]: r.pick(ZONES) }
      if (r.chance(0.3)) a.step = r.pick(STEPS)
      break
    }
  }
  if (kind !== 'expect' && r.chance(0.1)) a.expectError = r.chance(0.5) ? true : r.pick(['illegal-target', 'summoning-sick', 'game-over', 'land-already-played'])
  return a
}

/** A whole valid scenario document. */
export function generateScenario(r: FuzzRng, opt: GenOptions): JsonObject {
  const pos = generatePosition(r, opt)
  const doc: JsonObject = { format: 'redzone-scenario/1', name: `fuzz ${r.u32().toString(16)}` }
  if (r.chance(0.2)) doc.rules = ['510.1']
  Object.assign(doc, pos)
  const n = r.weighted<number>([[1, 0], [6, r.int(1, 6)], [3, r.int(6, 20)]])
  const actions: JsonObject[] = []
  for (let i = 0; i < n; i++) actions.push(generateAction(r, pos, opt))
  if (n > 0 || r.chance(0.5)) doc.actions = actions
  if (r.chance(0.2)) doc.expect = { step: r.pick(STEPS) }
  return doc
}
