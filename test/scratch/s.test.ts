import { it } from 'vitest'
import { newGame, creature, LIBRARIES } from '../helpers.js'
it('x', () => {
  const g = newGame([creature('wall', 'A', 0, 4, ['defender']), creature('bear', 'B', 2, 2), ...LIBRARIES])
  for (let i = 0; i < 8; i++) {
    console.log(JSON.stringify(g.state().turn), JSON.stringify(g.pendingDecision()))
    g.pass()
  }
})
