/**
 * The browser demo: a whole game of Magic against an agent. The game and the agent run in a Web
 * Worker behind `redzone/worker` (`createRemoteGame` from two decks with the opponent's seat
 * played by an agent, `runAgents`), so the page never blocks. The page draws the player's view
 * (`clientState('A')`: the opponent's hand is a count), offers exactly what `legalActions()`
 * allows, sends the player's choice through `act`, animates the opponent's turn from the event
 * stream (`onEvent`, the player's stream) one agent choice at a time, and logs every event with
 * its CR rule.
 *
 * The automation contract: every element that takes a legal action carries `data-action`, the
 * action in `encodeAction`'s encoding over the game's ids (`p` pass, `lA-forest-1` play a land,
 * `cA-shock-1>B` cast with a target, `aA-bears-1>B` declare attackers, ...); elements that build a
 * declaration (an attacker, a blocker, a point of damage, a card to discard) carry `data-choice`;
 * `body[data-busy]` is "1" while the worker plays; the game-over screen carries `data-game-over`
 * with the winner ("A", "B" or "draw").
 */
import type { ClientEvent } from '../../src/api/event-stream.js'
import type { ClientObject, ClientState } from '../../src/api/client-state.js'
import type { PlayerAction } from '../../src/decisions/action.js'
import type { LegalActions } from '../../src/decisions/legal.js'
import { STEP_NAMES, type StepName } from '../../src/core/steps.js'
import { CARD_POOL, DECKS } from '../../src/rules/cards/pool.js'
import { encodeAction } from '../../src/play/encode.js'
import { AGENT_NAMES, createRemoteGame, type AgentName, type AgentRun, type RemoteGame } from '../../src/worker/index.js'
import type { BigCombatResult } from './bench.js'
import { seedError } from './seed.js'

const ME = 'A'
const OPPONENT = 'B'
type Action = PlayerAction<string>

const $ = <T extends HTMLElement>(selector: string): T => {
  const element = document.querySelector<T>(selector)
  if (!element) throw new Error(`demo: no element ${selector}`)
  return element
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag)
  if (className) e.className = className
  if (text) e.textContent = text
  return e
}

const params = new URLSearchParams(location.search)
/** Milliseconds between the opponent's choices (`?pace=0` for tests). */
const PACE = Math.max(0, Number(params.get('pace') ?? 700) || 0)

// ---- The game ---------------------------------------------------------------------------------

interface Session {
  generation: number
  worker: Worker
  remote: RemoteGame
  agent: AgentName
  decks: [string, string]
}

let session: Session | null = null
let generation = 0
let state: ClientState | null = null
let legal: LegalActions<string> | null = null
let busy = false
let skipping = false
let over: { winner: string | null; reason: string } | null = null
let queued: ClientEvent[] = []
/** Names of every object the player has seen (ids stay names after the object is hidden again). */
const names = new Map<string, string>()

/** What the player is building: a declaration, a division, a set of cards, or the target of a spell. */
const compose = {
  attacks: new Map<string, string>(),
  blocks: new Map<string, string>(),
  blocker: null as string | null,
  damage: new Map<string, Map<string, number>>(),
  cards: new Set<string>(),
  pick: null as { source: string; label: string; options: Map<string, Action> } | null,
}

function resetCompose(): void {
  compose.attacks.clear()
  compose.blocks.clear()
  compose.blocker = null
  compose.damage.clear()
  compose.cards.clear()
  compose.pick = null
}

function message(text: string, kind: 'error' | 'info' = 'error'): void {
  const box = $('#message')
  box.textContent = text
  box.dataset['kind'] = kind
}

function failed(error: unknown): void {
  message(`Something went wrong: ${named(error instanceof Error ? error.message : String(error))}`)
  setBusy(false)
}

function setBusy(on: boolean): void {
  busy = on
  document.body.dataset['busy'] = on ? '1' : '0'
  $('#skip').hidden = !on || session === null || over !== null
}

// ---- Text -------------------------------------------------------------------------------------

function nameOf(id: unknown): string {
  if (id === null || id === undefined) return 'a hidden card'
  if (id === ME) return 'You'
  if (id === OPPONENT) return 'Opponent'
  return names.get(String(id)) ?? String(id)
}

const STEP_LABEL: Record<StepName, string> = {
  untap: 'Untap', upkeep: 'Upkeep', draw: 'Draw', precombatMain: 'Main 1', beginCombat: 'Begin combat',
  declareAttackers: 'Attackers', declareBlockers: 'Blockers', firstStrikeDamage: 'First strike', regularDamage: 'Damage',
  endCombat: 'End combat', postcombatMain: 'Main 2', end: 'End', cleanup: 'Cleanup',
}

/** A message of the engine with the game's ids (`B-boggart-brute-1`) written as card names. */
function named(text: string): string {
  return text.replace(/\b[AB]-[a-z0-9-]+-\d+\b/g, (id) => names.get(id) ?? 'a card')
}

function describe(e: ClientEvent): string | null {
  const n = (field: string): string => nameOf(e[field])
  switch (e.type) {
    case 'gameStarted': return `${n('first')} ${e['first'] === ME ? 'play' : 'plays'} first`
    case 'turnStarted': return `Turn ${e['turn']}: ${e['active'] === ME ? 'your' : "the opponent's"} turn`
    case 'stepStarted': return `${STEP_LABEL[e['step'] as StepName] ?? String(e['step'])} step`
    case 'cardDrawn': return `${n('player')} ${e['player'] === ME ? 'draw' : 'draws'} ${e['card'] === null ? 'a card' : n('card')}`
    case 'permanentsUntapped': return Number(e['count']) > 0 ? `${n('player')}: ${e['count']} permanent(s) untap` : null
    case 'landPlayed': return `${n('player')} ${e['player'] === ME ? 'play' : 'plays'} ${n('card')}`
    case 'spellCast': return `${n('player')} ${e['player'] === ME ? 'cast' : 'casts'} ${n('card')}${e['target'] ? ` targeting ${n('target')}` : ''}`
    case 'abilityActivated': return `${n('player')} ${e['player'] === ME ? 'activate' : 'activates'} ${n('source')}${e['target'] ? ` targeting ${n('target')}` : ''}`
    case 'abilityTriggered': return `${n('source')}'s ability triggers`
    case 'spellResolved': return `${n('card')} resolves`
    case 'abilityResolved': return `${n('source')}'s ability resolves`
    case 'fizzled': return `${n('source')} fizzles (no legal target)`
    case 'permanentEntered': return `${n('object')} enters the battlefield`
    case 'manaPaid': return null
    case 'attackerDeclared': return `${n('attacker')} attacks ${n('target')}`
    case 'attackersDeclared': return `${e['count']} attacker(s)`
    case 'blockerDeclared': return `${n('blocker')} blocks ${n('attacker')}`
    case 'blockersDeclared': return `${e['count']} blocker(s)`
    case 'damageDealt': return `${n('source')} deals ${e['amount']} ${e['combat'] ? 'combat ' : ''}damage to ${n('target')}`
    case 'lifeChanged': return `${n('player')}: ${Number(e['delta']) >= 0 ? '+' : '−'}${Math.abs(Number(e['delta']))} life (${e['life']})`
    case 'loyaltyChanged': return `${n('planeswalker')}: loyalty ${e['delta']} (${e['loyalty']})`
    case 'creatureDied': return `${n('creature')} dies (${String(e['reason'])})`
    case 'zoneChanged': return e['from'] === 'library' && e['to'] === 'hand' ? null : `${n('object')}: ${String(e['from'])} → ${String(e['to'])}`
    case 'removedFromCombat': return `${n('object')} is removed from combat`
    case 'attached': return `${n('object')} is attached to ${n('host')}`
    case 'unattached': return `${n('object')} is unattached from ${n('host')}`
    case 'keywordsGranted': return `${n('object')} gets +${e['power']}/+${e['toughness']}${(e['keywords'] as string[]).length ? ` and ${(e['keywords'] as string[]).join(', ')}` : ''}`
    case 'keywordsLost': return `${n('object')} loses ${(e['keywords'] as string[]).join(', ')}`
    case 'effectsEnded': return Number(e['count']) > 0 ? `${e['count']} "until end of turn" effect(s) end` : null
    case 'damageRemoved': return null
    case 'cardsDiscarded': return `${n('player')} ${e['player'] === ME ? 'discard' : 'discards'} ${e['count']} card(s)`
    case 'playerLost': return `${n('player')} ${e['player'] === ME ? 'lose' : 'loses'} the game (${lossText(String(e['reason']))})`
    case 'librarySearched': return `${n('player')} ${e['player'] === ME ? 'search' : 'searches'} the library and ${e['player'] === ME ? 'find' : 'finds'} ${e['found']}`
    case 'libraryShuffled': return `${n('player')} ${e['player'] === ME ? 'shuffle' : 'shuffles'} the library`
    case 'cardPlotted': return `${n('player')} ${e['player'] === ME ? 'plot' : 'plots'} ${n('card')}`
    case 'decisionAwaited': return null
    case 'mulliganTaken': return `${n('player')} ${e['player'] === ME ? 'take' : 'takes'} a mulligan (${e['count']})`
    case 'handKept': return `${n('player')} ${e['player'] === ME ? 'keep' : 'keeps'} the hand${Number(e['mulligans']) > 0 ? ` after ${e['mulligans']} mulligan(s)` : ''}`
  }
}

function lossText(reason: string): string {
  return reason === 'life' ? 'no life left, CR 704.5a' : reason === 'empty-library' ? 'drew from an empty library, CR 704.5b' : reason
}

/** Log lines not yet on the page: added together at the next frame (one layout for a whole batch of events), newest first. */
let pendingLines: HTMLElement[] = []
/** Lines the log keeps (the newest). */
const LOG_LINES = 100
let logFrame = 0

function log(rule: string, text: string, kind = ''): void {
  const line = element('li', `log-line ${kind}`)
  line.append(element('span', 'rule', `CR ${rule}`), ` ${text}`)
  pendingLines.push(line)
  logFrame ||= requestAnimationFrame(flushLog)
}

function flushLog(): void {
  logFrame = 0
  // Newest first: no scrolling, so no layout is forced here (it happens once, with the frame's).
  const list = $('#log')
  list.prepend(...pendingLines.reverse())
  pendingLines = []
  // The newest LOG_LINES only: the log's lines are most of what a frame lays out (with 300, the
  // demo test's longest tasks took 33-46 ms of thread time, against 18-24 with 100; README).
  for (let extra = list.children.length - LOG_LINES; extra > 0; extra--) list.lastElementChild!.remove()
}

/** Empties the log (a new game). */
function clearLog(): void {
  pendingLines = []
  $('#log').replaceChildren()
}

// ---- Drawing ----------------------------------------------------------------------------------

function markAction(target: HTMLElement, action: Action): void {
  target.dataset['action'] = encodeAction(action)
  target.classList.add('actionable')
  target.addEventListener('click', (event) => {
    event.stopPropagation()
    void take(action)
  })
}

function markChoice(target: HTMLElement, choose: () => void, className = 'choosable'): void {
  target.dataset['choice'] = ''
  target.classList.add(className)
  target.addEventListener('click', (event) => {
    event.stopPropagation()
    if (busy) return
    choose()
    render()
  })
}

function button(label: string, id = ''): HTMLButtonElement {
  const b = element('button', 'control', label)
  b.type = 'button'
  if (id) b.id = id
  return b
}

function typeLine(o: ClientObject): string {
  const types = o.types.map((t) => t[0]!.toUpperCase() + t.slice(1)).join(' ')
  return o.subtypes.length ? `${types} — ${o.subtypes.join(' ')}` : types
}

function cardElement(o: ClientObject, interactive: boolean): HTMLElement {
  const card = element('div', 'card')
  card.dataset['id'] = o.id
  const cost = o.name ? CARD_POOL.get(o.name)?.manaCost : null
  const head = element('div', 'head')
  head.append(element('span', 'name', o.name ?? o.id), element('span', 'cost', cost ?? ''))
  card.append(head, element('span', 'type', typeLine(o)))
  if (o.keywords.length) card.append(element('span', 'kw', o.keywords.join(', ')))
  const status: string[] = []
  if (o.attacking) status.push(`attacking ${nameOf(o.attacking)}`)
  if (o.blocking) status.push(`blocking ${nameOf(o.blocking)}`)
  if (o.attachedTo) status.push(`on ${nameOf(o.attachedTo)}`)
  if (o.summoningSick) status.push('summoning sick')
  if (o.plotted) status.push('plotted')
  const planned = compose.attacks.get(o.id) ?? compose.blocks.get(o.id)
  if (planned) status.push(`→ ${nameOf(planned)}`)
  if (status.length) card.append(element('span', 'status', status.join(' · ')))
  if (o.damage > 0) card.append(element('span', 'damage', `${o.damage} damage`))
  const stats = o.power !== null ? `${o.power}/${o.toughness}` : o.loyalty !== null ? `loyalty ${o.loyalty}` : ''
  if (stats) card.append(element('span', 'stats', stats))
  card.classList.toggle('tapped', o.tapped)
  card.classList.toggle('attacking', o.attacking !== null)
  card.classList.toggle('blocking', o.blocking !== null)
  card.classList.toggle('chosen', planned !== undefined || compose.cards.has(o.id) || compose.pick?.source === o.id || compose.blocker === o.id)
  if (interactive) offer(card, o)
  return card
}

/** Marks what the player may do with this card, from `legalActions()` only. */
function offer(card: HTMLElement, o: ClientObject): void {
  const l = legal
  if (!l) return
  if (compose.pick) {
    const action = compose.pick.options.get(o.id)
    if (action) {
      markAction(card, action)
      card.classList.add('targetable')
    }
    return
  }
  switch (l.kind) {
    case 'priority': {
      if (l.play.includes(o.id)) markAction(card, { type: 'play', player: ME, card: o.id })
      const cast = l.cast.find((c) => c.card === o.id)
      if (cast) {
        if (cast.targets.length === 0) markAction(card, { type: 'cast', player: ME, card: o.id, plot: cast.plot })
        else markChoice(card, () => startPick(o.id, `Choose a target for ${nameOf(o.id)}`, cast.targets.map((t) => [t, { type: 'cast', player: ME, card: o.id, target: t, plot: cast.plot }])))
      }
      const abilities = l.activate.filter((a) => a.object === o.id)
      if (abilities.length) {
        markChoice(card, () => startPick(o.id, `Equip ${nameOf(o.id)}: choose a creature`, abilities.flatMap((a) => a.targets.map((t): [string, Action] => [t, { type: 'activate', player: ME, object: o.id, ability: a.ability, target: t }]))))
      }
      if (l.plot.includes(o.id)) {
        const plot = button('Plot')
        plot.classList.add('sub')
        markAction(plot, { type: 'plot', player: ME, card: o.id })
        card.append(plot)
      }
      break
    }
    case 'declareAttackers': {
      const option = l.attackers.find((a) => a.attacker === o.id)
      if (!option) break
      markChoice(card, () => {
        // Cycle: not attacking -> each legal target -> not attacking.
        const at = compose.attacks.has(o.id) ? option.targets.indexOf(compose.attacks.get(o.id)!) + 1 : 0
        if (at < option.targets.length) compose.attacks.set(o.id, option.targets[at]!)
        else compose.attacks.delete(o.id)
      })
      break
    }
    case 'declareBlockers': {
      const option = l.blockers.find((b) => b.blocker === o.id)
      if (option) {
        markChoice(card, () => {
          if (compose.blocks.has(o.id)) compose.blocks.delete(o.id)
          else compose.blocker = compose.blocker === o.id ? null : o.id
        })
      } else if (compose.blocker !== null && l.blockers.find((b) => b.blocker === compose.blocker)?.attackers.includes(o.id)) {
        const blocker = compose.blocker
        markChoice(card, () => {
          compose.blocks.set(blocker, o.id)
          compose.blocker = null
        }, 'blockable')
      }
      break
    }
    case 'search':
    case 'discard':
    case 'bottom': {
      if (!l.cards.includes(o.id)) break
      const full = compose.cards.size >= l.count
      if (compose.cards.has(o.id) || !full) {
        markChoice(card, () => {
          if (!compose.cards.delete(o.id)) compose.cards.add(o.id)
        })
      }
      break
    }
    default:
      break
  }
}

function startPick(source: string, label: string, options: [string, Action][]): void {
  compose.pick = compose.pick?.source === source ? null : { source, label, options: new Map(options) }
}

function playerPanel(id: string, s: ClientState, interactive: boolean): HTMLElement {
  const p = s.players.find((x) => x.id === id)!
  const panel = element('div', 'player')
  panel.dataset['id'] = id
  const who = id === ME ? 'You' : `Opponent (${session?.agent ?? 'agent'})`
  const deck = session?.decks[id === ME ? 0 : 1] ?? ''
  const graveyard = Object.values(s.objects).filter((o) => o.zone === 'graveyard' && o.owner === id)
  panel.append(element('span', 'who', who), element('span', 'deck', deck), element('span', 'life-label', 'life'))
  const life = element('span', 'life', String(p.life))
  life.id = `life-${id}`
  panel.append(life)
  const counts = element('span', 'counts', `hand ${p.handSize} · library ${p.librarySize} · graveyard ${graveyard.length}`)
  counts.id = `counts-${id}`
  counts.title = graveyard.map((o) => o.name ?? o.id).join(', ')
  panel.append(counts)
  if (s.turn.active === id) panel.append(element('span', 'badge', 'active'))
  if (s.decision.player === id && s.decision.kind !== 'gameOver') panel.append(element('span', 'badge deciding', s.decision.kind === 'priority' ? 'priority' : 'deciding'))
  if (interactive && compose.pick) {
    const action = compose.pick.options.get(id)
    if (action) {
      markAction(panel, action)
      panel.classList.add('targetable')
    }
  }
  return panel
}

function battlefield(s: ClientState, id: string, interactive: boolean): HTMLElement[] {
  const mine = Object.values(s.objects).filter((o) => o.zone === 'battlefield' && o.controller === id)
  const lands = element('div', 'row lands')
  const permanents = element('div', 'row permanents')
  for (const o of mine) (o.types.includes('land') ? lands : permanents).append(cardElement(o, interactive))
  return id === ME ? [permanents, lands] : [lands, permanents]
}

function decisionText(s: ClientState): string {
  const d = s.decision
  const rule = `CR ${d.rule}`
  if (d.kind === 'gameOver') return `Game over (${rule})`
  if (d.player !== ME) return `The opponent is deciding: ${d.kind} (${rule})`
  if (compose.pick) return `${compose.pick.label} (highlighted; CR 601.2c)`
  switch (d.kind) {
    case 'priority': return `You have priority${s.stack.length ? ': respond, or pass to let the top of the stack resolve' : ''} (${rule})`
    case 'mulligan': return `Keep this hand, or take a mulligan (London mulligan, ${rule})`
    case 'bottom': return `Choose ${d.count} card(s) to put on the bottom of your library (${rule})`
    case 'declareAttackers': return `Click creatures to attack (again to change what they attack), then confirm (${rule})`
    case 'declareBlockers': return `Click one of your creatures, then the attacker it blocks; then confirm (${rule})`
    case 'assignDamage': return `Divide your creatures' combat damage among the recipients (${rule}; lethal damage to blockers first, 510.1c-d)`
    case 'search': return `Choose up to ${d.count} card(s) to find (${rule})`
    case 'discard': return `Discard ${d.count} card(s) down to your maximum hand size (${rule})`
  }
}

/** The buttons of the pending decision: pass, keep and mulligan, and the confirm of each declaration. */
function controls(s: ClientState): HTMLElement[] {
  const l = legal
  if (!l || s.decision.player !== ME) return []
  const out: HTMLElement[] = []
  const confirm = (label: string, action: Action | null): void => {
    const b = button(label, 'confirm')
    if (action) markAction(b, action)
    else b.disabled = true
    out.push(b)
  }
  if (compose.pick) {
    const cancel = button('Cancel', 'cancel')
    markChoice(cancel, () => void (compose.pick = null))
    return [cancel]
  }
  switch (l.kind) {
    case 'priority': {
      const b = button(s.stack.length ? 'Pass (resolve)' : 'Pass', 'pass')
      markAction(b, { type: 'pass', player: ME })
      out.push(b)
      break
    }
    case 'mulligan': {
      const keep = button('Keep', 'keep')
      markAction(keep, { type: 'keep', player: ME })
      out.push(keep)
      if (l.mulligan) {
        const mull = button('Mulligan', 'mulligan')
        markAction(mull, { type: 'mulligan', player: ME })
        out.push(mull)
      }
      break
    }
    case 'declareAttackers': {
      const attackers = [...compose.attacks].map(([attacker, target]) => ({ attacker, target }))
      confirm(attackers.length ? `Attack with ${attackers.length}` : 'No attack', { type: 'declareAttackers', player: ME, attackers })
      break
    }
    case 'declareBlockers': {
      const blockers = [...compose.blocks].map(([blocker, attacker]) => ({ blocker, attacker }))
      confirm(blockers.length ? `Block with ${blockers.length}` : 'No blocks', { type: 'declareBlockers', player: ME, blockers })
      break
    }
    case 'assignDamage': {
      const complete = l.damage.every((d) => sum(compose.damage.get(d.creature)) === d.amount)
      const assignments = [...compose.damage].flatMap(([creature, split]) => [...split].filter(([, n]) => n > 0).map(([recipient, amount]) => ({ creature, recipient, amount })))
      confirm('Assign damage', complete ? { type: 'assignDamage', player: ME, assignments } : null)
      const auto = button('Default division', 'default-damage')
      markAction(auto, { type: 'assignDamage', player: ME, assignments: [] })
      out.push(auto)
      break
    }
    case 'search': {
      confirm(`Find ${compose.cards.size}`, { type: 'search', player: ME, cards: [...compose.cards] })
      const decline = button('Find nothing', 'decline')
      markAction(decline, { type: 'search', player: ME, cards: null })
      out.push(decline)
      break
    }
    case 'discard':
    case 'bottom':
      confirm(`${l.kind === 'discard' ? 'Discard' : 'Put on the bottom'} (${compose.cards.size}/${l.count})`, compose.cards.size === l.count ? { type: l.kind, player: ME, cards: [...compose.cards] } : null)
      break
    default:
      break
  }
  return out
}

function sum(split: Map<string, number> | undefined): number {
  let total = 0
  for (const n of split?.values() ?? []) total += n
  return total
}

/** The damage division panel: per attacking creature with a choice, its damage spread over its legal recipients. */
function damagePanel(): HTMLElement | null {
  const l = legal
  if (!l || l.kind !== 'assignDamage' || l.player !== ME) return null
  const panel = element('div', 'damage-panel')
  for (const d of l.damage) {
    let split = compose.damage.get(d.creature)
    if (!split) {
      // Starts with all of it on the first recipient; the player moves points with − and +.
      split = new Map(d.recipients.map((r, i) => [r, i === 0 ? d.amount : 0]))
      compose.damage.set(d.creature, split)
    }
    const left = d.amount - sum(split)
    const block = element('div', 'damage-creature')
    block.append(element('div', 'damage-title', `${nameOf(d.creature)}: ${d.amount} damage${left > 0 ? ` (${left} not assigned)` : ''}`))
    for (const r of d.recipients) {
      const row = element('div', 'damage-row')
      row.dataset['recipient'] = r
      const n = split.get(r) ?? 0
      const minus = button('−')
      const plus = button('+')
      const s = split
      if (n > 0) markChoice(minus, () => void s.set(r, n - 1))
      else minus.disabled = true
      if (left > 0) markChoice(plus, () => void s.set(r, n + 1))
      else plus.disabled = true
      row.append(element('span', 'recipient', nameOf(r)), minus, element('span', 'amount', String(n)), plus)
      block.append(row)
    }
    panel.append(block)
  }
  return panel
}

function render(): void {
  const s = state
  if (!s) return
  const interactive = !busy && over === null && s.decision.player === ME && legal !== null
  document.body.dataset['phase'] = over ? 'game-over' : s.decision.player === ME ? s.decision.kind : 'opponent'
  $('#turn').textContent = `Turn ${s.turn.number} · ${s.turn.active === ME ? 'your turn' : "opponent's turn"}`
  const steps = $('#steps')
  steps.replaceChildren(...STEP_NAMES.map((step) => {
    const li = element('li', step === s.turn.step ? 'current' : '', STEP_LABEL[step])
    li.dataset['step'] = step
    return li
  }))
  $('#priority').textContent = over ? '' : s.turn.priority ? `priority: ${s.turn.priority === ME ? 'you' : 'opponent'}` : `${s.decision.player === ME ? 'you' : 'opponent'}: ${s.decision.kind}`

  const opp = $('#side-B')
  opp.replaceChildren(playerPanel(OPPONENT, s, interactive), ...battlefield(s, OPPONENT, interactive))
  const me = $('#side-A')
  me.replaceChildren(...battlefield(s, ME, interactive), playerPanel(ME, s, interactive))

  const hand = Object.values(s.objects).filter((o) => o.zone === 'hand' && o.owner === ME)
  $('#hand').replaceChildren(...hand.map((o) => cardElement(o, interactive)))
  // A search: the cards of the library it may find (CR 701.23a: the searcher sees them while searching).
  const found = interactive && legal?.kind === 'search' ? legal.cards.flatMap((id) => (s.objects[id] ? [s.objects[id]] : [])) : []
  $('#search').replaceChildren(...found.map((o) => cardElement(o, interactive)))
  $('#search-zone').hidden = found.length === 0
  const exile = Object.values(s.objects).filter((o) => o.zone === 'exile' && o.owner === ME && o.plotted)
  $('#plotted').replaceChildren(...exile.map((o) => cardElement(o, interactive)))
  $('#plotted-zone').hidden = exile.length === 0
  $('#opponent-hand').replaceChildren(...Array.from({ length: s.players.find((p) => p.id === OPPONENT)!.handSize }, () => element('span', 'card-back')))

  $('#stack').replaceChildren(...[...s.stack].reverse().map((item) => {
    const li = element('li', 'stack-item', `${nameOf(item.source)}${item.kind === 'equip' ? ' (equip)' : item.kind === 'trigger' ? ' (trigger)' : ''} — ${nameOf(item.controller)}${item.target ? ` → ${nameOf(item.target)}` : ''}`)
    li.dataset['source'] = item.source
    return li
  }))
  $('#stack-zone').classList.toggle('empty', s.stack.length === 0)

  $('#decision').textContent = decisionText(s)
  const panel = interactive ? damagePanel() : null
  $('#buttons').replaceChildren(...(interactive ? controls(s) : []))
  $('#damage').replaceChildren(...(panel ? [panel] : []))
  reportFrames()
}

// ---- The opponent's turn, animated from the events ----------------------------------------------

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function floatText(target: Element, text: string): void {
  const tag = element('span', 'float', text)
  target.append(tag)
}

/** Logs the queued events, marks damage and deaths on the board as drawn, and fetches the new state. */
async function showEvents(s: Session): Promise<void> {
  const next = await s.remote.clientState(ME)
  if (s.generation !== generation) return
  for (const o of Object.values(next.objects)) if (o.name) names.set(o.id, o.name)
  const events = queued
  queued = []
  let marked = false
  for (const e of events) {
    const text = describe(e)
    if (text !== null) log(e.rule, text, e.type)
    if (e.type === 'damageDealt') {
      const target = document.querySelector(`[data-id="${String(e['target'])}"]`)
      if (target) {
        target.classList.add('hit')
        floatText(target, `−${e['amount']}`)
        marked = true
      }
    } else if (e.type === 'creatureDied') {
      document.querySelector(`.card[data-id="${String(e['creature'])}"]`)?.classList.add('dying')
      marked = true
    } else if (e.type === 'playerLost') {
      over = { winner: e['player'] === ME ? OPPONENT : ME, reason: String(e['reason']) }
    }
  }
  if (marked && !skipping && PACE > 0) await sleep(Math.min(600, PACE))
  if (s.generation !== generation) return
  state = next
  render()
}

/** Lets the agent play until the player decides (one agent choice at a time, at the page's pace, unless skipped), or the game ends. */
async function untilMyDecision(s: Session): Promise<void> {
  setBusy(true)
  legal = null
  for (;;) {
    const run: AgentRun = await s.remote.runAgents({ ...(skipping ? {} : { max: 1 }), autoPass: $<HTMLInputElement>('#auto-pass').checked ? [ME] : [] })
    if (s.generation !== generation) return
    await showEvents(s)
    if (s.generation !== generation) return
    if (run.stopped === 'gameOver') {
      gameOver(run)
      return
    }
    if (run.stopped === 'decision') break
    if (!skipping && PACE > 0) await sleep(PACE)
    if (s.generation !== generation) return
  }
  skipping = false
  legal = await s.remote.legalActions()
  if (s.generation !== generation) return
  setBusy(false)
  render()
}

function gameOver(run: AgentRun): void {
  const winner = run.decision.player
  over = { winner, reason: over?.reason ?? 'life' }
  setBusy(false)
  const screen = $('#game-over')
  screen.dataset['gameOver'] = winner ?? 'draw'
  $('#game-over-text').textContent =
    winner === null ? 'A draw.' : `${winner === ME ? 'You win' : `The opponent (${session?.agent}) wins`}: ${winner === ME ? 'the opponent' : 'you'} ${over.reason === 'empty-library' ? 'had to draw from an empty library (CR 704.5b)' : 'reached 0 life (CR 704.5a)'}.`
  $('#game-over-turns').textContent = `After ${state?.turn.number ?? 0} turns.`
  screen.hidden = false
  log('104.2a', `Game over: ${winner === null ? 'a draw' : winner === ME ? 'you win' : 'the opponent wins'}`, 'game-over')
  render()
}

/** The player's action, through `act`; a rejection is shown with its rule and changes nothing. */
async function take(action: Action): Promise<void> {
  const s = session
  if (!s || busy || over) return
  setBusy(true)
  try {
    const result = await s.remote.act(action)
    if (s.generation !== generation) return
    if (!result.ok) {
      log(result.error.rule ?? state?.decision.rule ?? '', `rejected: ${named(result.error.message)}`, 'rejected')
      message(`Not allowed: ${named(result.error.message)}${result.error.rule ? ` (CR ${result.error.rule})` : ''}`)
      setBusy(false)
      render()
      return
    }
    message('', 'info')
    resetCompose()
    await showEvents(s)
    await untilMyDecision(s)
  } catch (error) {
    failed(error)
  }
}

// ---- Setup ------------------------------------------------------------------------------------

async function newGame(): Promise<void> {
  const seedText = $<HTMLInputElement>('#game-seed').value
  const problem = seedError(seedText)
  if (problem) {
    message(`New game: ${problem}.`)
    return
  }
  const agentValue = $<HTMLSelectElement>('#agent').value
  const agent = (AGENT_NAMES as readonly string[]).includes(agentValue) ? (agentValue as AgentName) : 'heuristic'
  const decks: [string, string] = [$<HTMLSelectElement>('#deck').value, $<HTMLSelectElement>('#opponent-deck').value]
  session?.worker.terminate()
  session?.remote.dispose()
  session = null
  const mine = ++generation
  message('', 'info')
  over = null
  state = null
  legal = null
  skipping = false
  queued = []
  resetCompose()
  $('#game-over').hidden = true
  delete $('#game-over').dataset['gameOver']
  clearLog()
  setBusy(true)
  try {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })
    const remote = await createRemoteGame(worker, { decks }, { seed: Number(seedText), agents: { [OPPONENT]: agent } })
    if (mine !== generation) {
      worker.terminate()
      return
    }
    session = { generation: mine, worker, remote, agent, decks }
    remote.onEvent((e) => queued.push(e), { viewer: ME })
    log('103.1', `New game, seed ${Number(seedText)}: you (${decks[0]}) against ${agent} (${decks[1]})`)
    $('#game').hidden = false
    await showEvents(session)
    await untilMyDecision(session)
  } catch (error) {
    failed(error)
  }
}

function fillSelect(select: HTMLSelectElement, values: readonly string[], chosen: string): void {
  select.replaceChildren(...values.map((v) => {
    const option = element('option', '', v)
    option.value = v
    option.selected = v === chosen
    return option
  }))
}

// ---- The benchmark (in its own worker) ----------------------------------------------------------

let benchRemote: Promise<RemoteGame> | null = null

async function bigCombat(): Promise<void> {
  const out = $('#big')
  const text = $<HTMLInputElement>('#seed').value
  const problem = seedError(text)
  delete out.dataset['ms']
  if (problem) {
    out.textContent = `Not run: ${problem}.`
    out.dataset['kind'] = 'error'
    return
  }
  out.dataset['kind'] = 'info'
  out.textContent = 'Running in a worker: a cold run, then three warm ones…'
  const bigButton = $<HTMLButtonElement>('#big-button')
  bigButton.disabled = true
  try {
    benchRemote ??= createRemoteGame(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }), { players: [{ id: 'A' }, { id: 'B' }], objects: [] })
    const remote = await benchRemote
    const r = await remote.command<BigCombatResult>('bigCombat', Number(text))
    const [cold, ...warm] = r.runs
    const warmMs = warm.map((w) => w.combatMs).sort((a, b) => a - b)
    const median = warmMs[Math.floor(warmMs.length / 2)] ?? cold!.combatMs
    out.textContent =
      `10,000 a side (seed ${r.seed}), in a worker: full combat (attack, blocks, first-strike and regular damage, state-based actions, end of combat) ` +
      `in ${median.toFixed(1)} ms warm (median of ${warm.length}); the first run, cold (code not yet compiled by the JIT), took ${cold!.combatMs.toFixed(1)} ms. ` +
      `Board built in ${warm[0]?.buildMs.toFixed(1) ?? cold!.buildMs.toFixed(1)} ms. Life ${r.life.before[0]} → ${r.life.after[0]} and ${r.life.before[1]} → ${r.life.after[1]}; ` +
      `${r.died.toLocaleString('en-US')} creatures died.`
    out.dataset['ms'] = median.toFixed(3)
    out.dataset['coldMs'] = cold!.combatMs.toFixed(3)
  } catch (error) {
    out.textContent = `Not run: ${error instanceof Error ? error.message : String(error)}`
    out.dataset['kind'] = 'error'
  } finally {
    bigButton.disabled = false
  }
}

// ---- Frame time ---------------------------------------------------------------------------------

/** The longest main-thread task seen (index.html's PerformanceObserver for long tasks). */
function reportFrames(): void {
  const tasks = (window as unknown as { redzoneLongTasks?: number[] }).redzoneLongTasks
  const longest = tasks && tasks.length ? Math.max(...tasks) : 0
  $('#frames').textContent = tasks ? (longest > 0 ? `longest main-thread task: ${longest.toFixed(0)} ms` : 'no main-thread task over 50 ms') : ''
}

// ---- Start ------------------------------------------------------------------------------------

const deckNames = Object.keys(DECKS)
fillSelect($<HTMLSelectElement>('#deck'), deckNames, deckNames[0]!)
fillSelect($<HTMLSelectElement>('#opponent-deck'), deckNames, deckNames[1] ?? deckNames[0]!)
fillSelect($<HTMLSelectElement>('#agent'), AGENT_NAMES, params.get('agent') ?? 'heuristic')
if (params.get('seed') !== null) $<HTMLInputElement>('#game-seed').value = params.get('seed')!
$('#new-game').addEventListener('click', () => void newGame())
$('#again').addEventListener('click', () => void newGame())
$('#skip').addEventListener('click', () => {
  skipping = true
  $('#skip').hidden = true
})
$('#big-button').addEventListener('click', () => void bigCombat())
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault()
  failed(event.reason)
})
setBusy(false)
document.body.dataset['phase'] = 'setup'
if (params.get('autostart') !== null) void newGame()
