/**
 * CR 702.6a: "'Equip [cost]' means '[Cost]: Attach this permanent to target creature you control.
 * Activate only as a sorcery.'" CR 702.6c: "equip [quality]" targets only a creature you control
 * with that quality. CR 702.6d: "If a permanent has multiple equip abilities, any of its equip
 * abilities may be activated." CR 702.6e: "Equip planeswalker" targets a planeswalker you control
 * "as though that planeswalker were a creature". CR 704.5n: an Equipment attached to an illegal
 * permanent becomes unattached.
 */
import { describe, expect, it } from 'vitest'
import type { ObjectSpec } from '../../src/state/position.js'
import { LIBRARIES, creature, drive, expectOk, expectRejected, lands, newGame, obj } from '../helpers.js'
import { gameState } from '../../src/api/views.js'
import { worldOf } from '../../src/api/game.js'
import type { ParameterizedKeyword } from '../../components/abilities.js'
import { activateEquip } from '../../src/rules/actions/activate.js'
import { equipTargetError } from '../../src/rules/spells/equip-targets.js'

function sword(extra: Partial<ObjectSpec> = {}): ObjectSpec {
  return {
    id: 'sword',
    controller: 'A',
    types: ['artifact'],
    subtypes: ['Equipment'],
    keywords: [{ equip: '{2}' }],
    equipped: { power: 2, toughness: 0, keywords: ['first strike'] },
    ...extra,
  }
}

describe('CR 702.6 Equip', () => {
  it('702.6a attaches to a creature you control, pays the cost, and the creature gets the bonus', () => {
    const game = newGame([...lands('A', 'Plains', 2), sword(), creature('bear', 'A', 2, 2)])
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']))
    expect(obj(game, 'sword').attachedTo).toBe('bear')
    expect(obj(game, 'bear')).toMatchObject({ power: 4, toughness: 2, keywords: ['first strike'] })
    expect(obj(game, 'plains1').tapped && obj(game, 'plains2').tapped).toBe(true)
  })

  it("702.6a can't target an opponent's creature", () => {
    const game = newGame([...lands('A', 'Plains', 2), sword(), creature('rat', 'B', 1, 1)])
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['rat']), 'illegal-target', '702.6a')
  })

  it("702.6a only as a sorcery: not in combat, not on the opponent's turn", () => {
    const game = newGame([...lands('A', 'Plains', 4), sword(), creature('bear', 'A', 2, 2), ...LIBRARIES])
    expectOk(drive(game).walkTo('beginCombat'))
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']), 'not-sorcery-timing', '702.6a')
    expectOk(drive(game).walkTo('precombatMain', { nextTurn: true }))
    expect(gameState(game).turn.active).toBe('B')
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']), 'not-sorcery-timing', '702.6a')
  })

  it("602.2 only the Equipment's controller may activate equip", () => {
    const game = newGame([...lands('B', 'Plains', 2), sword(), creature('wolf', 'B', 2, 2)])
    expectRejected(drive(game).activateAndResolve('B', 'sword', 'equip', ['wolf']), 'not-your-permanent', '602.2')
  })

  it('602.2b a cost that cannot be paid rejects the activation and taps nothing', () => {
    const game = newGame([...lands('A', 'Plains', 1), sword(), creature('bear', 'A', 2, 2)])
    const before = gameState(game)
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']), 'cannot-pay')
    expect(gameState(game)).toEqual(before)
  })

  it('701.3 moving to another creature takes the bonus along', () => {
    const game = newGame([...lands('A', 'Plains', 4), sword(), creature('bear', 'A', 2, 2), creature('ogre', 'A', 3, 3)])
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']))
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['ogre']))
    expect(obj(game, 'bear')).toMatchObject({ power: 2, keywords: [] })
    expect(obj(game, 'ogre')).toMatchObject({ power: 5, keywords: ['first strike'] })
  })

  it('301.5 the Equipment stays on the battlefield, unattached, when the creature leaves', () => {
    const game = newGame([...lands('A', 'Plains', 2), sword(), creature('bear', 'A', 2, 2)])
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']))
    expectOk(game.destroy('bear'))
    expect(obj(game, 'sword')).toMatchObject({ zone: 'battlefield', attachedTo: null })
  })

  it('702.6c equip Knight targets only a Knight', () => {
    const game = newGame([
      ...lands('A', 'Plains', 2),
      sword({ keywords: [{ equip: '{1}', quality: 'Knight' }] }),
      creature('bear', 'A', 2, 2),
      { id: 'knight', card: 'Youthful Knight', controller: 'A' },
    ])
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']), 'illegal-target', '702.6c')
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['knight']))
    expect(obj(game, 'plains2').tapped).toBe(false)
  })

  it('702.6d with several equip abilities the cheapest payable one with a legal target is used', () => {
    const game = newGame([
      ...lands('A', 'Plains', 3),
      sword({ keywords: [{ equip: '{3}' }, { equip: '{1}', quality: 'Knight' }, { equip: '{2}' }] }),
      creature('bear', 'A', 2, 2),
      { id: 'knight', card: 'Youthful Knight', controller: 'A' },
    ])
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['bear']))
    expect([1, 2, 3].map((i) => obj(game, `plains${i}`).tapped)).toEqual([true, true, false])
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip', ['knight']))
    expect(obj(game, 'plains3').tapped).toBe(true)
  })

  it('702.6e equip planeswalker targets a planeswalker you control; not a creature, it falls off (704.5n)', () => {
    const game = newGame([
      ...lands('A', 'Plains', 2),
      sword({ keywords: [{ 'equip planeswalker': '{1}' }] }),
      creature('bear', 'A', 2, 2),
      { id: 'pw', controller: 'A', types: ['planeswalker'], loyalty: 3 },
    ])
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip', ['pw']), 'no-such-ability')
    expectRejected(drive(game).activateAndResolve('A', 'sword', 'equip planeswalker', ['bear']), 'illegal-target', '702.6e')
    expectOk(drive(game).activateAndResolve('A', 'sword', 'equip planeswalker', ['pw']))
    expect(obj(game, 'sword').attachedTo).toBe(null)
  })

  it('704.5n an Equipment a position attaches to a noncreature is unattached when the game starts (301.5c)', () => {
    const game = newGame([sword({ attachedTo: 'rock' }), { id: 'rock', controller: 'A', types: ['artifact'] }])
    expect(obj(game, 'sword')).toMatchObject({ zone: 'battlefield', attachedTo: null })
    expect(obj(game, 'rock')).toMatchObject({ zone: 'battlefield', keywords: [] })
  })

  it('704.5n an Equipment a position attaches to a player is unattached when the game starts', () => {
    const game = newGame([sword({ attachedTo: 'B' })])
    expect(obj(game, 'sword')).toMatchObject({ zone: 'battlefield', attachedTo: null })
  })

  it('613 a position with an attached Equipment applies its effect', () => {
    const game = newGame([sword({ attachedTo: 'bear' }), creature('bear', 'A', 2, 2)])
    expect(obj(game, 'bear')).toMatchObject({ power: 4, keywords: ['first strike'] })
  })

  it('608.2b an equip ability whose target left the battlefield before it resolves does nothing: the Equipment stays unattached, its cost paid', () => {
    const game = newGame([...lands('A', 'Plains', 2), sword(), creature('bear', 'A', 2, 2)])
    const w = worldOf(game)
    expectOk(activateEquip(w, { player: game.eid('A')!, object: game.eid('sword')!, ability: 'equip', target: game.eid('bear')! }))
    expectOk(game.destroy('bear'))
    expectOk(game.pass())
    expectOk(game.pass())
    expect(w.stack.length).toBe(0)
    expect(obj(game, 'sword')).toMatchObject({ zone: 'battlefield', attachedTo: null })
    expect([1, 2].map((i) => obj(game, `plains${i}`).tapped)).toEqual([true, true])
  })

  it('608.2b, 702.6: the quiet check (a resolving equip ability\'s, no message made) answers as the full one for every target', () => {
    const game = newGame([
      sword({ keywords: [{ equip: '{1}' }, { equip: '{1}', quality: 'Knight' }, { 'equip planeswalker': '{1}' }] }),
      creature('bear', 'A', 2, 2),
      creature('theirs', 'B', 2, 2),
      { id: 'knight', card: 'Youthful Knight', controller: 'A' },
      { id: 'pw', controller: 'A', types: ['planeswalker'], loyalty: 3 },
      { id: 'land', card: 'Plains', controller: 'A' },
      { id: 'grave', card: 'Youthful Knight', controller: 'A', zone: 'graveyard' },
    ])
    const w = worldOf(game)
    const equipment = game.eid('sword')!
    const abilities = w.abilities[equipment] as ParameterizedKeyword[]
    expect(abilities.map((a) => a.kind)).toEqual(['equip', 'equip', 'equip planeswalker'])
    let illegal = 0
    for (const player of w.playerOrder) {
      for (const ability of abilities) {
        for (let target = 1; target < w.labels.length; target++) {
          const full = equipTargetError(w, player, equipment, ability, target)
          const quiet = equipTargetError(w, player, equipment, ability, target, true)
          expect(quiet, `${w.labels[target]} for ${w.labels[player]} (${ability.kind})`).toBe(full === null ? null : true)
          if (full !== null) illegal++
        }
      }
    }
    // Legal (the targets alone: who may activate is checked elsewhere): for A its bear and knight
    // (equip), its knight (equip Knight) and its planeswalker (equip planeswalker); for B its creature (equip).
    expect(illegal).toBe(2 * 3 * (w.labels.length - 1) - 5)
  })

  it('Loxodon Warhammer gives trample and lifelink', () => {
    const game = newGame([...lands('A', 'Plains', 3), { id: 'hammer', card: 'Loxodon Warhammer', controller: 'A' }, creature('bear', 'A', 2, 2)])
    expectOk(drive(game).activateAndResolve('A', 'hammer', 'equip', ['bear']))
    expectOk(drive(game).walkToAttack({ bear: 'B' }))
    expectOk(drive(game).walkTo('endCombat'))
    expect(gameState(game).players).toEqual({ A: { life: 25, lost: false }, B: { life: 15, lost: false } })
  })
})
