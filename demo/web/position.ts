/** The demo's board: player A's turn 2, precombat main phase, two battlefields of pool cards and a planeswalker. */
import type { Position } from '../../src/state/position.js'

export const DEMO_POSITION: Position = {
  players: [{ id: 'A', life: 20 }, { id: 'B', life: 20 }],
  turn: { active: 'A', number: 2, step: 'precombatMain' },
  objects: [
    { id: 'serra', card: 'Serra Angel', controller: 'A' },
    { id: 'dreadmaw', card: 'Colossal Dreadmaw', controller: 'A' },
    { id: 'knight', card: 'Youthful Knight', controller: 'A' },
    { id: 'brute', card: 'Boggart Brute', controller: 'A' },
    { id: 'bears', card: 'Grizzly Bears', controller: 'A', summoningSick: true },
    { id: 'wood', card: 'Wall of Wood', controller: 'A' },
    { id: 'spider', card: 'Giant Spider', controller: 'B' },
    { id: 'nighthawk', card: 'Vampire Nighthawk', controller: 'B' },
    { id: 'rats', card: 'Typhoid Rats', controller: 'B' },
    { id: 'giant', card: 'Hill Giant', controller: 'B' },
    { id: 'corpse', card: 'Walking Corpse', controller: 'B' },
    { id: 'jace', controller: 'B', types: ['planeswalker'], loyalty: 4 },
  ],
}
