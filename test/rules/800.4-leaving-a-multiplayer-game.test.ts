/**
 * CR 800.4: "Unlike two-player games, multiplayer games can continue after one or more players
 * have left the game."
 * CR 800.4a: "When a player leaves the game, all objects owned by that player leave the game and
 * any effects which give that player control of any objects or players end. Then, if that player
 * controlled any objects on the stack not represented by cards, those objects cease to exist.
 * Then, if there are any objects still controlled by that player, those objects are exiled. ...
 * If the player who left the game had priority at the time they left, priority passes to the next
 * player in turn order who's still in the game."
 * A turn whose active player has left goes on without one: nobody draws, the next player in the
 * game receives priority, and nobody declares attackers.
 * CR 104.2a: "A player still in the game wins the game if that player's opponents have all left
 * the game."
 * docs/scenario-format.md: a player who has left can't act (any action of theirs is rejected with
 * `left-the-game`), be dealt damage or be targeted.
 */
import { describe, expect, it } from 'vitest'
import type { Game } from '../../src/api/game.js'
import type { ObjectSpec } from '../../src/state/position.js'
import { clientState, gameState, legalActions } from '../../src/api/views.js'
import { createDeckGame } from '../../src/play/setup.js'
import { LIBRARIES, cardInHand, creature, drive, expectOk, expectRejected, life, newGame, obj } from '../helpers.js'

const LIBRARY_C: ObjectSpec = { id: 'libC1', owner: 'C', zone: 'library', types: ['land'] }

/** A, B and C; B and C at the given life totals. */
function threePlayers(objects: ObjectSpec[], lifeB: number, lifeC = 20, extra = {}): Game {
  return newGame([...objects, ...LIBRARIES, LIBRARY_C], { players: [{ id: 'A' }, { id: 'B', life: lifeB }, { id: 'C', life: lifeC }], ...extra })
}

function attacking(game: Game, id: string): string | null {
  return clientState(game).objects[id]!.attacking
}

describe('CR 800.4 Leaving a multiplayer game', () => {
  it('800.4a a double striker deals no regular combat damage to the player its first-strike damage made leave, and lifelink gains nothing for it', () => {
    // A 4/4 double strike, lifelink attacks B (4 life); a 2/2 attacks C.
    const game = threePlayers([creature('striker', 'A', 4, 4, ['double strike', 'lifelink']), creature('bear', 'A', 2, 2)], 4)
    expectOk(drive(game).walkToAttack({ striker: 'B', bear: 'C' }))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expect(life(game, 'A')).toBe(24)
    expectRejected(drive(game).walkToDamage({ striker: { B: 4 } }), 'illegal-assignment', '800.4a')
    const damage: string[] = []
    game.on('damageDealt', (source, target, amount) => damage.push(`${game.id(source)}>${game.id(target)}:${amount}`))
    expectOk(drive(game).walkToDamage())
    expect(damage).toEqual(['bear>C:2'])
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expect(life(game, 'A')).toBe(24)
    // It goes on attacking, with nothing to deal damage to.
    expect(attacking(game, 'striker')).toBe('B')
  })

  it('800.4a a blocked double-striking trampler puts no trample excess on the player who left, its blocker gone with them', () => {
    // A 4/4 double strike, trample, lifelink attacks B (3 life), blocked by B's 1/1.
    const game = threePlayers([creature('trampler', 'A', 4, 4, ['double strike', 'trample', 'lifelink']), creature('chump', 'B', 1, 1)], 3)
    expectOk(drive(game).walkToAttack({ trampler: 'B' }))
    expectOk(drive(game).walkToBlock({ chump: 'trampler' }))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expect(obj(game, 'chump').zone).toBe('outside')
    expect(life(game, 'A')).toBe(24)
    expectRejected(drive(game).walkToDamage({ trampler: { B: 4 } }), 'illegal-assignment', '800.4a')
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B!.life).toBe(0)
    expect(life(game, 'A')).toBe(24)
  })

  it('800.4a trample over planeswalkers puts nothing on the player who left after their planeswalker left', () => {
    // A 5/5 double strike, trample over planeswalkers attacks B's planeswalker (loyalty 1); B is at 4.
    const game = threePlayers(
      [creature('walker', 'A', 5, 5, ['double strike', 'trample over planeswalkers']), { id: 'pw', controller: 'B', types: ['planeswalker'], loyalty: 1 }],
      4,
    )
    expectOk(drive(game).walkToAttack({ walker: 'pw' }))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expect(obj(game, 'pw').zone).toBe('outside')
    expectRejected(drive(game).walkToDamage({ walker: { B: 5 } }), 'illegal-assignment', '800.4a')
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B!.life).toBe(0)
  })

  it('800.4 a turn whose active player has left goes on without one: nobody draws, the next player gets priority, attack is rejected (left-the-game)', () => {
    const game = threePlayers([creature('ogre', 'A', 3, 3)], 20, 20, { turn: { active: 'A', number: 2, step: 'upkeep' }, players: [{ id: 'A', life: 0 }, { id: 'B' }, { id: 'C' }] })
    expect(gameState(game).players.A).toEqual({ life: 0, lost: true })
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    const drawn: string[] = []
    game.on('cardDrawn', (player) => drawn.push(game.id(player)!))
    expectOk(drive(game).walkTo('precombatMain'))
    expect(drawn).toEqual([])
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expect(legalActions(game).player).toBe('B')
    expectRejected(drive(game).walkToAttack({}), 'left-the-game', '800.4a')
    expectRejected(drive(game).walkToAttack({ ogre: 'B' }), 'left-the-game', '800.4a')
    expect(gameState(game).legal.canAttack).toEqual({})
    expect(gameState(game).turn.step).toBe('precombatMain')
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('B')
    expect(drawn).toEqual(['B'])
  })

  it('800.4a, 800.4j a choice owed by a player who leaves while it is awaited is never made: the game goes on without it (it stayed asked of them, and the game was stuck)', () => {
    const toChoice = (game: Game): void => {
      while (game.pendingDecision().kind === 'priority') expectOk(game.pass())
    }
    // The active player's attack declaration: no attack (their creatures left with them), and the turn goes on.
    const attack = threePlayers([creature('ogre', 'A', 3, 3), creature('cB', 'B', 1, 1)], 20)
    toChoice(attack)
    expect(attack.pendingDecision()).toMatchObject({ kind: 'declareAttackers', player: 'A' })
    expectOk(attack.dealDamage({ to: 'A', amount: 20 }))
    // CR 508.8: no attackers, so the declare attackers step gives priority (to the next player in the game) and combat ends.
    expect(attack.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expect(gameState(attack).turn.step).toBe('declareAttackers')
    expectOk(drive(attack).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(attack).turn.active).toBe('B')
    // A defending player's blocks: they block with nothing (their creatures left); the other defending player is asked as usual.
    const blocks = threePlayers([creature('x', 'A', 3, 3), creature('y', 'A', 2, 2), creature('cB', 'B', 1, 1), creature('cC', 'C', 1, 1)], 20)
    expectOk(drive(blocks).walkToAttack({ x: 'B', y: 'C' }))
    toChoice(blocks)
    expect(blocks.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'B' })
    expectOk(blocks.dealDamage({ to: 'B', amount: 20 }))
    expect(blocks.pendingDecision()).toMatchObject({ kind: 'declareBlockers', player: 'C' })
    expectOk(blocks.declareBlockers({ cC: 'y' }))
    expectOk(drive(blocks).walkToDamage())
    expect(obj(blocks, 'cC').zone).toBe('graveyard')
    expect(obj(blocks, 'x').zone).toBe('battlefield')
    // The attacking player's damage division: their attackers left with them, nothing is dealt, the turn goes on.
    const division = threePlayers([creature('t', 'A', 5, 5, ['trample']), creature('b1', 'B', 1, 1), creature('b2', 'B', 1, 1)], 20)
    expectOk(drive(division).walkToAttack({ t: 'B' }))
    expectOk(drive(division).walkToBlock({ b1: 't', b2: 't' }))
    toChoice(division)
    expect(division.pendingDecision()).toMatchObject({ kind: 'assignDamage', player: 'A' })
    expectOk(division.dealDamage({ to: 'A', amount: 20 }))
    expect(division.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expect(obj(division, 'b1').damage).toBe(0)
    expect(life(division, 'B')).toBe(20)
    expectOk(drive(division).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(division).turn.active).toBe('B')
    // The active player's discard to hand size (CR 514.1): their hand left with them; the next turn is the next player's.
    const hand = Array.from({ length: 9 }, (_, k) => cardInHand(`h${k}`, 'A', 'Forest'))
    const discard = threePlayers(hand, 20, 20, { turn: { active: 'A', number: 2, step: 'cleanup' } })
    expect(discard.pendingDecision()).toMatchObject({ kind: 'discard', player: 'A', count: 2 })
    expectOk(discard.dealDamage({ to: 'A', amount: 20 }))
    expect(gameState(discard).turn.active).toBe('B')
    expect(discard.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
  })

  it('800.4a the search of a player who leaves while it is awaited ceases to exist with its ability: the game goes on', () => {
    const lands = ['f1', 'f2', 'p1', 'p2'].map((id, i) => ({ id, controller: 'A', card: i < 2 ? 'Forest' : 'Plains' }))
    const game = threePlayers([...lands, cardInHand('gh', 'A', 'Brightglass Gearhulk'), { id: 'orn', owner: 'A', zone: 'library', card: 'Ornithopter' }], 20)
    expectOk(game.cast('A', 'gh'))
    while (game.pendingDecision().kind === 'priority') expectOk(game.pass())
    expect(game.pendingDecision()).toMatchObject({ kind: 'search', player: 'A' })
    expectOk(game.dealDamage({ to: 'A', amount: 20 }))
    expect(game.pendingDecision()).toMatchObject({ kind: 'priority', player: 'B' })
    expect(clientState(game).stack).toEqual([])
    expect(obj(game, 'orn').zone).toBe('outside')
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('B')
  })

  it('800.4a, 103.5 a player who leaves while their mulligan decision is awaited takes no more: the next player decides, and the game begins', () => {
    const game = createDeckGame(['green-white', 'black-red', 'green-white'], { seed: 3 })
    const first = game.pendingDecision()
    expect(first).toMatchObject({ kind: 'mulligan' })
    expectOk(game.dealDamage({ to: first.player!, amount: 20 }))
    expect(gameState(game).players[first.player!]).toEqual({ life: 0, lost: true })
    const next = game.pendingDecision()
    expect(next.kind).toBe('mulligan')
    expect(next.player).not.toBe(first.player)
    for (let k = 0; k < 4 && game.pendingDecision().kind === 'mulligan'; k++) expectOk(game.keep(game.pendingDecision().player!))
    expect(game.pendingDecision().kind).toBe('priority')
    expect(gameState(game).turn.number).toBe(1)
  })

  it('800.4a, 103.5 a player who leaves before their mulligan decision, or after declaring a mulligan, decides no more and takes no mulligan', () => {
    for (const mulliganFirst of [false, true]) {
      const game = createDeckGame(['green-white', 'black-red', 'green-white'], { seed: 3 })
      const events: string[] = []
      game.on('mulliganTaken', (player) => void events.push(`mulligan ${game.id(player)}`))
      const first = game.pendingDecision().player!
      if (mulliganFirst) expectOk(game.mulligan(first))
      // Another player than the one deciding leaves.
      const decider = game.pendingDecision().player!
      const leaver = mulliganFirst ? first : (['A', 'B', 'C'].find((p) => p !== decider && p !== first) ?? first)
      expectOk(game.dealDamage({ to: leaver, amount: 20 }))
      expect(gameState(game).players[leaver]).toEqual({ life: 0, lost: true })
      const asked: string[] = []
      for (let k = 0; k < 6 && game.pendingDecision().kind === 'mulligan'; k++) {
        const player = game.pendingDecision().player!
        asked.push(player)
        expectOk(game.keep(player))
      }
      expect(asked).not.toContain(leaver)
      expect(events).toEqual([])
      expect(game.pendingDecision().kind).toBe('priority')
      expect(gameState(game).turn.number).toBe(1)
    }
  })

  it('800.4a, 104.2a a choice awaited of a player who loses the game is not passed over once the game is over: nothing happens after its end', () => {
    const game = createDeckGame(['green-white', 'black-red'], { seed: 3 })
    expectOk(game.keep(game.pendingDecision().player!))
    // The last mulligan decision: the game would begin once it is made.
    const decider = game.pendingDecision().player!
    const after: string[] = []
    let over = false
    game.on('playerLost', () => void (over = true))
    game.on('turnStarted', () => void (over && after.push('turnStarted')))
    game.on('stepStarted', () => void (over && after.push('stepStarted')))
    expectOk(game.dealDamage({ to: decider, amount: 20 }))
    expect(game.pendingDecision().kind).toBe('gameOver')
    expect(after).toEqual([])
    expect(gameState(game).turn.number).toBe(0)
  })

  it('800.4a 104.2a when the last two opponents lose at the same time, the objects they own leave the game before it ends', () => {
    const game = threePlayers(
      [creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3), creature('wallB', 'B', 0, 4, [], { tapped: true }), creature('wallC', 'C', 0, 4, [], { tapped: true }), cardInHand('handC', 'C', 'Forest')],
      2,
      3,
    )
    expectOk(drive(game).walkToAttack({ bear: 'B', ogre: 'C' }))
    expectOk(drive(game).walkToDamage())
    expect(game.pendingDecision()).toEqual({ kind: 'gameOver', player: 'A', rule: '104.2a', count: 0 })
    for (const id of ['wallB', 'wallC', 'handC', 'libB1', 'libC1']) expect(obj(game, id).zone, id).toBe('outside')
    for (const id of ['bear', 'ogre']) expect(obj(game, id).zone, id).toBe('battlefield')
    expect(obj(game, 'libA1').zone).toBe('library')
  })

  it('800.4a a permanent the leaving player controls but does not own goes back to its owner, out of combat, and is not exiled', () => {
    // B controls C's 1/4, which blocks A's 2/2; A's 3/3 first strike takes B (3 life) to 0.
    const game = threePlayers([creature('fencer', 'A', 3, 3, ['first strike']), creature('bear', 'A', 2, 2), creature('borrowed', 'B', 1, 4, [], { owner: 'C' })], 3)
    expectOk(drive(game).walkToAttack({ fencer: 'B', bear: 'B' }))
    expectOk(drive(game).walkToBlock({ borrowed: 'bear' }))
    const zones: string[] = []
    game.on('zoneChanged', (eid, _from, to) => zones.push(`${game.id(eid)}:${to}`))
    expectOk(drive(game).walkToDamage())
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    expect(obj(game, 'borrowed')).toMatchObject({ zone: 'battlefield', owner: 'C', controller: 'C', damage: 0 })
    expect(zones).not.toContain('borrowed:exile')
    expect(clientState(game).objects.borrowed).toMatchObject({ attacking: null, blocking: null })
    // The bear stays blocked (509.1h) and, with no blocker left and no trample, deals no damage; none is dealt to it.
    expectOk(drive(game).walkToDamage())
    expect(obj(game, 'bear').damage).toBe(0)
    expect(obj(game, 'borrowed').damage).toBe(0)
    // On C's turn C attacks with it (CR 302.6: controlled continuously since that turn began).
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('C')
    expect(gameState(game).legal.canAttack).toEqual({ borrowed: ['A'] })
  })

  it('800.4a any action of a player who has left is rejected with left-the-game, and changes nothing', () => {
    const game = threePlayers(
      [
        { id: 'mountainB', card: 'Mountain', controller: 'B' },
        cardInHand('boltB', 'B', 'Lightning Bolt'),
        cardInHand('forestB', 'B', 'Forest'),
        { id: 'sword', controller: 'B', types: ['artifact'], subtypes: ['Equipment'], keywords: [{ equip: '{1}' }] },
        creature('bear', 'A', 2, 2),
      ],
      0,
    )
    expect(gameState(game).players.B).toEqual({ life: 0, lost: true })
    const before = JSON.stringify(gameState(game))
    expectRejected(game.act({ type: 'pass', player: 'B' }), 'left-the-game', '800.4a')
    expectRejected(game.cast('B', 'boltB', { targets: ['A'] }), 'left-the-game', '800.4a')
    expectRejected(game.play('B', 'forestB'), 'left-the-game', '800.4a')
    expectRejected(game.activate('B', 'sword', 'equip', ['bear']), 'left-the-game', '800.4a')
    expectRejected(game.plot('B', 'forestB'), 'left-the-game', '800.4a')
    expect(JSON.stringify(gameState(game))).toBe(before)
  })
})
