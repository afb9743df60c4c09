/** The demo's Web Worker: the game and its agent (`redzone/worker`), and the benchmark, off the page's thread. */
import { exposeGame } from '../../src/worker/index.js'
import { bigCombat } from './bench.js'

exposeGame(self, { commands: { bigCombat: (_game, seed) => bigCombat(seed) } })
