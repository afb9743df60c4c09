/**
 * The world of a game given to a function over games (`legalActions(game)`, `toJSON(game)`, ...),
 * checked: a plain-JavaScript caller's missing or wrong game is `invalid-argument` naming the call,
 * not a TypeError from inside. Apart from `worldOf`, which the core's own paths call.
 */
import { RedzoneError } from '../core/errors.js'
import { describeValue } from '../core/limits.js'
import type { GameWorld } from '../core/world.js'
import { Game, worldOf } from './game.js'

export function checkedWorld(game: unknown, call: string): GameWorld {
  if (!(game instanceof Game)) throw new RedzoneError('invalid-argument', `${call}: expected a game (createGame, createDeckGame), got ${describeValue(game)}`)
  return worldOf(game)
}
