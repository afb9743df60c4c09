import { Zone } from '../../components/zones.js'
import { drawCard } from '../rules/draw.js'
import { OK, reject, type ActionResult } from '../core/errors.js'
import type { Eid } from '../core/events.js'
import { Step } from '../core/steps.js'
import { beginTurn, settle } from '../turn/runner.js'
import { moveToZone } from '../rules/zone-change.js'
import { label, type GameWorld } from '../core/world.js'
import { Await, awaitChoice, choiceMade } from '../core/await.js'
import { inGame, seatIndex } from '../core/players.js'
import { STARTING_HAND_SIZE } from '../core/rule-numbers.js'

/** A player's mulligan choice of the round (`players.mulliganThisRound`); an enum, so its values are inlined. */
enum Choice {
  Undeclared = 0,
  Mulligan = 1,
  Kept = 2,
}
export const KEPT = Choice.Kept

/**
 * Starts a game whose libraries are in place (CR 103): the seed picks who plays first (103.1),
 * each library is shuffled (103.3), each player draws seven cards (103.4), then the mulligan
 * decisions begin with the starting player (103.5).
 */
export function beginGame(world: GameWorld): void {
  const order = world.playerOrder
  const turn = world.turn
  // CR 103.1: the starting player is chosen at random (the game's seed).
  const first = order[world.rng.int(order.length)]!
  turn.first = first
  turn.active = first
  turn.priority = first
  turn.number = 0
  turn.step = Step.Untap
  turn.resumeAt = 0
  if (world.events.listening) world.events.emit('gameStarted', first, '103.1')
  for (const p of order) {
    world.rng.shuffle(world.zoneLists[p]!.library)
    if (world.events.listening) world.events.emit('libraryShuffled', p, '103.3')
    world.players.mulligans[p] = 0
    world.players.kept[p] = 0
    world.players.mulliganThisRound[p] = Choice.Undeclared
  }
  for (let k = 0; k < world.playerOrder.length; k++) drawHand(world, inTurnOrderFrom(world, first, k))
  nextMulliganDecision(world)
}

/** The `k`-th player in turn order counted from `first` (0: `first`): no list made. */
function inTurnOrderFrom(world: GameWorld, first: Eid, k: number): Eid {
  const order = world.playerOrder
  return order[(seatIndex(world, first) + k) % order.length]!
}

function drawHand(world: GameWorld, player: Eid): void {
  for (let i = 0; i < STARTING_HAND_SIZE; i++) drawCard(world, player)
}

/**
 * CR 103.5: the starting player, then each other player in turn order, declares whether they
 * take a mulligan; then all who did take it at once (shuffle the hand into the library, draw a
 * new hand of seven), and the process repeats until every player has kept.
 */
function nextMulliganDecision(world: GameWorld): void {
  const { kept, mulliganThisRound } = world.players
  const n = world.playerOrder.length
  for (let k = 0; k < n; k++) {
    const p = inTurnOrderFrom(world, world.turn.first, k)
    // CR 800.4a: a player who has left decides no more and takes no mulligan (their cards left
    // with them): as one who kept, in every round.
    if (!inGame(world, p)) mulliganThisRound[p] = Choice.Kept
    if (kept[p] === 0 && mulliganThisRound[p] === Choice.Undeclared) {
      awaitChoice(world, Await.Mulligan, p)
      return
    }
  }
  // Everyone has declared in this round: the mulligans happen at the same time.
  let again = false
  for (let k = 0; k < n; k++) {
    const p = inTurnOrderFrom(world, world.turn.first, k)
    if (mulliganThisRound[p] === Choice.Mulligan) {
      const lists = world.zoneLists[p]!
      // Each from the front of the hand, which the move takes it out of: the hand's order, no copy of
      // it (as many moves as cards, so a hand list that disagrees with its cards' zones can't loop).
      for (let n = lists.hand.length; n > 0 && lists.hand.length > 0; n--) moveToZone(world, lists.hand[0]!, Zone.Library, '103.5')
      world.rng.shuffle(lists.library)
      if (world.events.listening) world.events.emit('libraryShuffled', p, '103.5')
      drawHand(world, p)
      world.players.mulligans[p]!++
      if (world.events.listening) world.events.emit('mulliganTaken', p, world.players.mulligans[p]!, '103.5')
      again = true
    }
    mulliganThisRound[p] = Choice.Undeclared
  }
  if (again) nextMulliganDecision(world)
  else {
    // CR 103.8: the starting player takes the first turn (number 1: `beginGame` set 0).
    beginTurn(world, world.turn.first, '103.8')
    settle(world)
  }
}

/** CR 103.5: the player takes a mulligan (possible until their opening hand would be zero cards). */
export function takeMulligan(world: GameWorld, player: Eid): ActionResult {
  if (world.players.mulligans[player]! >= STARTING_HAND_SIZE) {
    return reject('illegal-choice', `${label(world, player)} has taken ${STARTING_HAND_SIZE} mulligans; their opening hand would be zero cards`, '103.5')
  }
  world.players.mulliganThisRound[player] = Choice.Mulligan
  choiceMade(world)
  nextMulliganDecision(world)
  return OK
}

/** CR 103.5: the player keeps their hand; after N mulligans they put N cards from it on the bottom of their library. */
export function keepHand(world: GameWorld, player: Eid): ActionResult {
  world.players.kept[player] = 1
  world.players.mulliganThisRound[player] = Choice.Kept
  choiceMade(world)
  if (world.events.listening) world.events.emit('handKept', player, world.players.mulligans[player]!, '103.5')
  const n = world.players.mulligans[player]!
  if (n > 0) awaitChoice(world, Await.Bottom, player, n)
  else nextMulliganDecision(world)
  return OK
}

/** CR 103.5: the chosen cards go to the bottom of the library, in the order given (the last one lowest). */
export function bottomCards(world: GameWorld, _player: Eid, cards: readonly Eid[]): void {
  choiceMade(world)
  for (const card of cards) moveToZone(world, card, Zone.Library, '103.5')
  nextMulliganDecision(world)
}
