/**
 * The browser demo: one combat on two battlefields, driven through the decision API. The page
 * draws `clientState()`, highlights what `legalActions()` allows, answers the pending decision
 * with the player's clicks, animates damage and deaths from the event stream (`onEvent`), logs
 * every event with its CR rule, and undoes from snapshots. "10,000 a side" times a large combat
 * through the entity-level API, as `npm run bench` does.
 */
import { runEngineCombat } from '../../bench/engine-combat.js'
import { Zone } from '../../components/zones.js'
import type { ClientEvent } from '../../src/api/event-stream.js'
import type { ClientObject, ClientState } from '../../src/api/client-state.js'
import type { ActionResult } from '../../src/core/errors.js'
import { Game } from '../../src/api/game.js'
import { restore, snapshot } from '../../src/api/serialization.js'
import { generateBoard } from '../../src/generate/board.js'
import type { LegalActions } from '../../src/decisions/legal.js'
import type { Snapshot } from '../../src/state/snapshot.js'
import { DEMO_POSITION } from './position.js'
import { clientState, legalActions, onEvent } from '../../src/api/views.js'

const $ = <T extends HTMLElement>(selector: string): T => {
  const element = document.querySelector<T>(selector)
  if (!element) throw new Error(`demo: no element ${selector}`)
  return element
}

const game = new Game(DEMO_POSITION, { seed: 1 })
/** Chosen attackers (id -> what it attacks) and blockers (id -> the attacker it blocks), not yet declared. */
const attacks = new Map<string, string>()
const blocks = new Map<string, string>()
let selectedBlocker: string | null = null
let legal: LegalActions<string> = legalActions(game)
let pendingEvents: ClientEvent[] = []
const history: { snapshot: Snapshot; logLength: number }[] = []
let animating = false

onEvent(game, (event) => pendingEvents.push(event))

// ---- Text -----------------------------------------------------------------------------------

function nameOf(id: unknown, state: ClientState): string {
  if (typeof id !== 'string') return String(id)
  if (state.players.some((p) => p.id === id)) return `player ${id}`
  return state.objects[id]?.name ?? id
}

function describe(e: ClientEvent, state: ClientState): string {
  const n = (field: string): string => nameOf(e[field], state)
  switch (e.type) {
    case 'turnStarted':
      return `turn ${e['turn']} begins (${n('active')})`
    case 'stepStarted':
      return `${String(e['step'])} step`
    case 'attackerDeclared':
      return `${n('attacker')} attacks ${n('target')}`
    case 'attackersDeclared':
      return `${e['count']} attacker(s) declared`
    case 'blockerDeclared':
      return `${n('blocker')} blocks ${n('attacker')}`
    case 'blockersDeclared':
      return `${e['count']} blocker(s) declared`
    case 'damageDealt':
      return `${n('source')} deals ${e['amount']} ${e['combat'] ? 'combat ' : ''}damage to ${n('target')}`
    case 'lifeChanged':
      return `${n('player')} ${Number(e['delta']) >= 0 ? 'gains' : 'loses'} ${Math.abs(Number(e['delta']))} life (${e['life']})`
    case 'loyaltyChanged':
      return `${n('planeswalker')} loyalty ${e['delta']} (${e['loyalty']})`
    case 'creatureDied':
      return `${n('creature')} dies (${String(e['reason'])})`
    case 'zoneChanged':
      return `${n('object')} moves from ${String(e['from'])} to ${String(e['to'])}`
    case 'removedFromCombat':
      return `${n('object')} is removed from combat`
    case 'playerLost':
      return `${n('player')} loses the game (${String(e['reason'])})`
    default: {
      const { seq: _s, version: _v, type, rule: _r, ...fields } = e
      return `${type} ${Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? nameOf(v, state) : JSON.stringify(v)}`).join(' ')}`
    }
  }
}

function log(rule: string, text: string, kind = ''): void {
  const line = document.createElement('li')
  line.className = `log-line ${kind}`
  const cr = document.createElement('span')
  cr.className = 'rule'
  cr.textContent = `CR ${rule}`
  line.append(cr, ` ${text}`)
  const list = $('#log')
  list.append(line)
  list.scrollTop = list.scrollHeight
}

// ---- Drawing --------------------------------------------------------------------------------

function cardElement(o: ClientObject, state: ClientState): HTMLElement {
  const card = document.createElement('button')
  card.className = 'card'
  card.dataset['id'] = o.id
  card.type = 'button'
  const canAttack = legal.kind === 'declareAttackers' && legal.attackers.some((a) => a.attacker === o.id)
  const canBlock = legal.kind === 'declareBlockers' && legal.blockers.some((b) => b.blocker === o.id)
  const blockable = selectedBlocker !== null && legal.blockers.find((b) => b.blocker === selectedBlocker)?.attackers.includes(o.id)
  card.classList.toggle('can-attack', canAttack)
  card.classList.toggle('can-block', canBlock)
  card.classList.toggle('chosen', attacks.has(o.id) || blocks.has(o.id))
  card.classList.toggle('selected', selectedBlocker === o.id)
  card.classList.toggle('blockable', Boolean(blockable))
  card.classList.toggle('tapped', o.tapped)
  card.classList.toggle('attacking', o.attacking !== null)
  card.classList.toggle('blocking', o.blocking !== null)
  card.classList.toggle('sick', o.summoningSick)
  const stats = o.power !== null ? `${o.power}/${o.toughness}` : o.loyalty !== null ? `loyalty ${o.loyalty}` : ''
  const chosen = attacks.get(o.id) ?? blocks.get(o.id)
  const combat = o.attacking ? `attacking ${nameOf(o.attacking, state)}` : o.blocking ? `blocking ${nameOf(o.blocking, state)}` : chosen ? `→ ${nameOf(chosen, state)}` : o.summoningSick ? 'summoning sick' : ''
  card.innerHTML = `<span class="name"></span><span class="kw"></span><span class="combat"></span><span class="stats"></span><span class="damage"></span>`
  card.querySelector('.name')!.textContent = o.name ?? o.id
  card.querySelector('.kw')!.textContent = o.keywords.join(', ')
  card.querySelector('.combat')!.textContent = combat
  card.querySelector('.stats')!.textContent = stats
  card.querySelector('.damage')!.textContent = o.damage > 0 ? `${o.damage} damage` : ''
  card.addEventListener('click', () => clickCard(o.id))
  return card
}

function render(): void {
  const state = clientState(game)
  legal = legalActions(game)
  for (const player of state.players) {
    const side = $(`#side-${player.id}`)
    side.querySelector('.life')!.textContent = String(player.life)
    side.querySelector('.counts')!.textContent = `hand ${player.handSize} · library ${player.librarySize}${player.lost ? ' · lost' : ''}`
    const field = side.querySelector('.battlefield')!
    field.replaceChildren(...Object.values(state.objects).filter((o) => o.zone === 'battlefield' && o.controller === player.id).map((o) => cardElement(o, state)))
  }
  const d = state.decision
  const over = d.kind === 'priority' && (state.turn.step === 'postcombatMain' || state.turn.step === 'end')
  const phase = d.kind === 'gameOver' ? 'game-over' : over ? 'combat-over' : d.kind
  document.body.dataset['phase'] = phase
  $('#turn').textContent = `Turn ${state.turn.number} · ${state.turn.active} active · ${state.turn.step} · version ${game.version}`
  $('#decision').textContent =
    phase === 'declareAttackers' ? `${d.player}: click creatures to attack (again to change target), then declare (CR ${d.rule})`
    : phase === 'declareBlockers' ? `${d.player}: click a blocker, then the attacker it blocks; then declare (CR ${d.rule})`
    : phase === 'combat-over' ? 'Combat is over.'
    : phase === 'game-over' ? `Game over: ${d.player ?? 'draw'} wins`
    : `${d.kind} (${d.player ?? '-'}, CR ${d.rule})`
  $<HTMLButtonElement>('#declare').disabled = !(phase === 'declareAttackers' || phase === 'declareBlockers')
  $<HTMLButtonElement>('#declare').textContent = phase === 'declareBlockers' ? 'Declare blockers' : 'Declare attackers'
  $<HTMLButtonElement>('#undo').disabled = history.length === 0
}

// ---- Events: the log and the animations -----------------------------------------------------

function floatText(target: Element, text: string): void {
  const tag = document.createElement('span')
  tag.className = 'float'
  tag.textContent = text
  target.append(tag)
}

/** Logs the events of the last action and animates them on the board as drawn before it; then draws the new state. */
function playEvents(): Promise<void> {
  const events = pendingEvents
  pendingEvents = []
  const state = clientState(game)
  let animated = false
  for (const e of events) {
    log(e.rule, describe(e, state), e.type)
    if (e.type === 'damageDealt') {
      const target = String(e['target'])
      const element = document.querySelector(`.card[data-id="${target}"]`) ?? document.querySelector(`#side-${target} .player`)
      if (element) {
        element.classList.add('hit')
        floatText(element, `−${e['amount']}`)
        animated = true
      }
    } else if (e.type === 'creatureDied' || (e.type === 'zoneChanged' && e['from'] === 'battlefield')) {
      const key = e.type === 'creatureDied' ? 'creature' : 'object'
      document.querySelector(`.card[data-id="${String(e[key])}"]`)?.classList.add('dying')
      animated = true
    }
  }
  if (!animated) {
    render()
    return Promise.resolve()
  }
  animating = true
  return new Promise((resolve) =>
    setTimeout(() => {
      animating = false
      render()
      resolve()
    }, 700),
  )
}

// ---- Actions --------------------------------------------------------------------------------

/** Takes one action (a snapshot first, for undo); a rejection is logged with its rule and changes nothing. */
function take(action: () => ActionResult): boolean {
  const saved = snapshot(game)
  const logLength = $('#log').children.length
  const result = action()
  if (!result.ok) {
    log(result.error.rule ?? game.pendingDecision().rule, `rejected: ${result.error.message}`, 'rejected')
    return false
  }
  history.push({ snapshot: saved, logLength })
  return true
}

/** The players pass priority (nobody casts anything in this demo) until a combat choice, the end of combat, or the end of the game. */
function untilChoice(): void {
  for (let i = 0; i < 100; i++) {
    const d = game.pendingDecision()
    const step = clientState(game).turn.step
    if (d.kind === 'assignDamage') game.assignDamage({})
    else if (d.kind === 'priority' && step !== 'postcombatMain') game.pass()
    else return
  }
}

async function declare(): Promise<void> {
  if (animating) return
  const kind = legal.kind
  const ok =
    kind === 'declareAttackers' ? take(() => game.declareAttackers(Object.fromEntries(attacks)))
    : kind === 'declareBlockers' ? take(() => game.declareBlockers(Object.fromEntries(blocks)))
    : false
  if (!ok) {
    await playEvents()
    return
  }
  attacks.clear()
  blocks.clear()
  selectedBlocker = null
  untilChoice()
  await playEvents()
}

function clickCard(id: string): void {
  if (animating) return
  if (legal.kind === 'declareAttackers') {
    const option = legal.attackers.find((a) => a.attacker === id)
    if (!option) return
    // Cycle: not attacking -> each legal target -> not attacking.
    const at = attacks.has(id) ? option.targets.indexOf(attacks.get(id)!) + 1 : 0
    if (at < option.targets.length) attacks.set(id, option.targets[at]!)
    else attacks.delete(id)
  } else if (legal.kind === 'declareBlockers') {
    if (legal.blockers.some((b) => b.blocker === id)) {
      if (blocks.has(id)) blocks.delete(id)
      else selectedBlocker = selectedBlocker === id ? null : id
    } else if (selectedBlocker !== null && legal.blockers.find((b) => b.blocker === selectedBlocker)?.attackers.includes(id)) {
      blocks.set(selectedBlocker, id)
      selectedBlocker = null
    }
  }
  render()
}

function undo(): void {
  if (animating) return
  const last = history.pop()
  if (!last) return
  restore(game, last.snapshot)
  pendingEvents = []
  const list = $('#log')
  while (list.children.length > last.logLength) list.lastElementChild!.remove()
  attacks.clear()
  blocks.clear()
  selectedBlocker = null
  render()
}

function bigCombat(): void {
  const size = 10_000
  const seed = Number(($<HTMLInputElement>('#seed').value || '1'))
  const t0 = performance.now()
  const board = generateBoard({ size, seed })
  const t1 = performance.now()
  const lifeBefore = [board.world.players.life[board.attackingPlayer]!, board.world.players.life[board.defendingPlayer]!]
  runEngineCombat(board)
  const t2 = performance.now()
  const { world } = board
  let died = 0
  for (const c of board.creatures) if (world.place.zone[c] !== Zone.Battlefield) died++
  $('#big').textContent =
    `10,000 a side (seed ${seed}): board built in ${(t1 - t0).toFixed(1)} ms; full combat (attack, blocks, first-strike and regular damage, ` +
    `state-based actions, end of combat) in ${(t2 - t1).toFixed(1)} ms. ` +
    `Life A ${lifeBefore[0]} → ${world.players.life[board.attackingPlayer]}, B ${lifeBefore[1]} → ${world.players.life[board.defendingPlayer]}; ${died.toLocaleString('en-US')} creatures died.`
  $('#big').dataset['ms'] = (t2 - t1).toFixed(3)
}

$('#declare').addEventListener('click', () => void declare())
$('#undo').addEventListener('click', undo)
$('#big-button').addEventListener('click', bigCombat)

// Start: everybody passes until A's declare attackers decision.
untilChoice()
void playEvents()
