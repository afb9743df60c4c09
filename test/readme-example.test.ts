/** The README's "A full combat, decision by decision" example, line for line, with its results asserted. */
import { expect, it } from 'vitest'
import { createGame, drive, gameState, legalActions } from '../src/index.js'

it('README example: deathtouch + trample and first strike, decided step by step', () => {
  const log: string[] = []
  const game = createGame({
    players: [{ id: 'A' }, { id: 'B' }],
    objects: [
      { id: 'viper', controller: 'A', types: ['creature'], power: 5, toughness: 5, keywords: ['deathtouch', 'trample'] },
      { id: 'knight', controller: 'A', types: ['creature'], power: 2, toughness: 2, keywords: ['first strike'] },
      { id: 'w1', controller: 'B', types: ['creature'], power: 2, toughness: 4 },
      { id: 'w2', controller: 'B', types: ['creature'], power: 2, toughness: 4 },
      { id: 'bear', controller: 'B', types: ['creature'], power: 2, toughness: 2 },
    ],
  })
  game.on('damageDealt', (source, target, amount, _combat, rule) => log.push(`${game.id(source)} deals ${amount} to ${game.id(target)} (CR ${rule})`))
  game.on('creatureDied', (creature, reason) => log.push(`${game.id(creature)} dies: ${reason}`))

  while (game.pendingDecision().kind === 'priority') expect(game.pass()).toEqual({ ok: true })
  expect(game.pendingDecision()).toEqual({ kind: 'declareAttackers', player: 'A', rule: '508.1', count: 0 })
  expect(legalActions(game).attackers).toEqual([{ attacker: 'viper', targets: ['B'] }, { attacker: 'knight', targets: ['B'] }])
  expect(game.declareAttackers({ viper: 'B', knight: 'B' })).toEqual({ ok: true })

  while (game.pendingDecision().kind === 'priority') expect(game.pass()).toEqual({ ok: true })
  expect(legalActions(game).blockers).toEqual([
    { blocker: 'w1', attackers: ['viper', 'knight'] },
    { blocker: 'w2', attackers: ['viper', 'knight'] },
    { blocker: 'bear', attackers: ['viper', 'knight'] },
  ])
  expect(game.declareBlockers({ w1: 'viper', w2: 'viper', bear: 'knight' })).toEqual({ ok: true })

  while (game.pendingDecision().kind === 'priority') expect(game.pass()).toEqual({ ok: true })
  expect(legalActions(game).damage).toEqual([{ creature: 'viper', amount: 5, recipients: ['w1', 'w2', 'B'] }])
  expect(game.assignDamage({ viper: { w1: 1, B: 4 } })).toMatchObject({
    ok: false,
    error: { code: 'illegal-assignment', rule: '702.2c', message: expect.stringContaining('viper must assign lethal damage (1) to w2') },
  })
  expect(game.assignDamage({ viper: { w1: 1, w2: 1, B: 3 } })).toEqual({ ok: true })
  expect(drive(game).walkTo('postcombatMain')).toEqual({ ok: true })

  expect(gameState(game).players.B).toEqual({ life: 17, lost: false })
  expect(gameState(game).objects.w2!.zone).toBe('graveyard')
  expect(log).toEqual([
    'knight deals 2 to bear (CR 510.2)',
    'bear dies: lethal-damage',
    'viper deals 1 to w1 (CR 510.2)',
    'viper deals 1 to w2 (CR 510.2)',
    'viper deals 3 to B (CR 510.2)',
    'w1 deals 2 to viper (CR 510.2)',
    'w2 deals 2 to viper (CR 510.2)',
    'w1 dies: deathtouch',
    'w2 dies: deathtouch',
  ])
})
