/** The benchmark's Worker: `redzone/worker` with the combat workload as commands. */
import { exposeGame } from '../../src/worker/index.js'
import { oneCombat, outcomeOf, prepare, restore, timeCombats, type Prepared } from './timing.js'

let prepared: Prepared | null = null
const need = (): Prepared => {
  if (!prepared) throw new Error('bench worker: prepare first')
  return prepared
}

exposeGame(globalThis as never, {
  commands: {
    prepare: (_game, size, seed) => void (prepared = prepare(size as number, seed as number)),
    time: (_game, samples, collect) => timeCombats(need(), samples as number, { collect: collect as boolean }),
    restore: () => restore(need()),
    combat: () => oneCombat(need()),
    outcome: () => outcomeOf(need()),
  },
})
