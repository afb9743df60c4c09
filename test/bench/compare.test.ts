/** The arithmetic of `npm run bench -- --compare REF` (bench/compare.ts): no bench is run here. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  agreementChance, betterOf, bySection, comparisonTable, compareRuns, controlSpread, flattenReport, formatValue, median, roundRatios, rowKey, verdict,
  type ComparedFigure, type Figures,
} from '../../bench/compare.js'
import { helpOptions } from '../../bench/compare-run.js'

const root = join(import.meta.dirname, '..', '..')

describe('flattenReport', () => {
  it('names every finite number by its path and leaves out strings, booleans, nulls and sections not run', () => {
    const figures = flattenReport({
      date: '2026-12-01', node: 'v20', cores: 2, games: { randomGamesPerSec: 1105.5, strength: [] },
      selfplay: { gamesPerSecond: { workers1: 1100, workers2: 1400 } }, soak: null, ok: true, bad: Number.NaN,
    })
    expect([...figures]).toEqual([
      ['cores', 2], ['games.randomGamesPerSec', 1105.5], ['selfplay.gamesPerSecond.workers1', 1100], ['selfplay.gamesPerSecond.workers2', 1400],
    ])
  })

  it('keys rows by their size, agents or name, not by their index', () => {
    const figures = flattenReport({
      fullCombat: [{ n: 10, engineMs: 0.006, outcomesEqual: true }, { n: 10000, engineMs: 2.9 }],
      games: { strength: [{ agents: ['heuristic', 'random'], winRate: 0.96 }, { agents: ['search', 'heuristic'], winRate: 0.65 }] },
      browser: { rows: [{ name: 'main', ms: 1 }] },
      list: [5, 6],
    })
    expect(figures.get('fullCombat[n=10].engineMs')).toBe(0.006)
    expect(figures.get('fullCombat[n=10000].engineMs')).toBe(2.9)
    expect(figures.get('games.strength[agents=heuristic,random].winRate')).toBe(0.96)
    expect(figures.get('games.strength[agents=search,heuristic].winRate')).toBe(0.65)
    expect(figures.get('browser.rows[name=main].ms')).toBe(1)
    expect(figures.get('list[1]')).toBe(6)
  })

  it('numbers rows with the same key (#2) instead of losing one', () => {
    const figures = flattenReport({ fullCombat: [{ n: 10, engineMs: 1 }, { n: 10, engineMs: 2 }] })
    expect(figures.get('fullCombat[n=10].engineMs')).toBe(1)
    expect(figures.get('fullCombat[n=10#2].engineMs')).toBe(2)
  })

  it('rowKey: the first of n, name, agents, size, id; else the index', () => {
    expect(rowKey({ n: 100, name: 'x' }, 3)).toBe('n=100')
    expect(rowKey({ agents: ['a', 'b'] }, 0)).toBe('agents=a,b')
    expect(rowKey({ value: 1 }, 4)).toBe('4')
    expect(rowKey(7, 2)).toBe('2')
  })

  it('flattens the tracked report (bench/results.json): every section, every figure with a direction but parameters, counts and strength', () => {
    const figures = flattenReport(JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8')))
    for (const name of ['fullCombat[n=10000].engineMs', 'smallBoard.engineCombatsPerSec', 'games.randomGamesPerSec', 'selfplay.gamesPerSecond.workers2', 'soak.heapGrowthPct']) {
      expect(figures.has(name), name).toBe(true)
    }
    const unknown = [...figures.keys()].filter((name) => betterOf(name) === '?').map((name) => name.replace(/\[[^\]]*\]/g, '[]'))
    expect(new Set(unknown)).toEqual(new Set([
      'cores', 'seed', 'fullCombat[].n', 'fullCombat[].samples', 'fullCombat[].combatsPerSample', 'smallBoard.n', 'smallBoard.combats',
      'games.avgTurns', 'games.heuristicAvgTurns', 'games.strength[].games', 'games.strength[].wins', 'games.strength[].draws',
      'games.strength[].winRate', 'games.strength[].lo', 'games.strength[].hi', 'selfplay.games', 'soak.combats', 'soak.games',
    ].filter((name) => [...figures.keys()].some((f) => f.replace(/\[[^\]]*\]/g, '[]') === name))))
  })
})

describe('betterOf', () => {
  it.each([
    ['fullCombat[n=10].engineMs', 'lower'],
    ['fullCombat[n=10].nsPerCreature', 'lower'],
    ['fullCombat[n=10].baselineBytesPerCreature', 'lower'],
    ['games.snapshotRestoreUs', 'lower'],
    ['soak.heapAtEndMb', 'lower'],
    ['selfplay.queueOverheadMsPerGame', 'lower'],
    ['browser.rows[n=20].workerRoundTripMs', 'lower'],
    ['games.randomGamesPerSec', 'higher'],
    ['smallBoard.engineCombatsPerSecWithRestore', 'higher'],
    ['rl.stepsPerCpuSec', 'higher'],
    ['rl.stepsPerSecWithoutObservations', 'higher'],
    ['rl.byN[n=16].stepsPerSec', 'higher'],
    ['selfplay.gamesPerSecond.workers1', 'higher'],
    ['fullCombat[n=10].speedup', 'higher'],
    ['selfplay.scaling', 'higher'],
    ['rl.pythonRatio', 'higher'],
    // Ambiguous by name, from the list: engine / limit kernel is a ratio of times.
    ['fullCombat[n=10].limitRatio', 'lower'],
    ['soak.seconds', 'lower'],
    ['rl.rejected', 'lower'],
    // Not a speed, or the name does not say.
    ['games.strength[agents=heuristic,random].winRate', '?'],
    ['games.avgTurns', '?'],
    ['rl.observationShare', '?'],
    ['fullCombat[n=10].samples', '?'],
    ['fullCombat[n=10].combatsPerSample', '?'],
    ['games.strength[agents=search,heuristic].games', '?'],
  ])('%s: %s', (name, better) => {
    expect(betterOf(name)).toBe(better)
  })
})

describe('ratios', () => {
  it('median of odd and even counts, without reordering its argument', () => {
    const xs = [3, 1, 2]
    expect(median(xs)).toBe(2)
    expect(xs).toEqual([3, 1, 2])
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('takes new / old per round (paired), then the median and the range of those ratios', () => {
    // Round 2 ran on a slower machine for both: the per-round ratios stay at 0.5-0.6.
    const r = roundRatios([10, 20, 10], [5, 12, 6])!
    expect(r.rounds).toBe(3)
    expect(r.median).toBeCloseTo(0.6)
    expect(r.min).toBeCloseTo(0.5)
    expect(r.max).toBeCloseTo(0.6)
  })

  it('skips rounds missing on either side; 0 / 0 is 1, x / 0 no ratio; null when no round gives one', () => {
    expect(roundRatios([10, null, 10], [20, 5, 30])).toEqual({ median: 2.5, min: 2, max: 3, rounds: 2 })
    expect(roundRatios([0, 0], [0, 1])).toEqual({ median: 1, min: 1, max: 1, rounds: 1 })
    expect(roundRatios([0], [3])).toBeNull()
    expect(roundRatios([null], [3])).toBeNull()
  })

  it('verdict: better or worse when every round agrees (from 3 rounds), ~ when the range straddles 1', () => {
    const fig = (better: ComparedFigure['better'], min: number, max: number, rounds = 3) => ({ better, ratio: { median: (min + max) / 2, min, max, rounds } })
    expect(verdict(fig('lower', 0.8, 0.9))).toBe('better, p 0.25')
    expect(verdict(fig('lower', 1.1, 1.3))).toBe('worse, p 0.25')
    expect(verdict(fig('higher', 1.1, 1.3))).toBe('better, p 0.25')
    expect(verdict(fig('higher', 0.8, 0.95))).toBe('worse, p 0.25')
    expect(verdict(fig('higher', 0.9, 1.2))).toBe('~')
    expect(verdict(fig('lower', 1, 1.2))).toBe('~')
    expect(verdict(fig('?', 1.1, 1.2))).toBe('up, p 0.25')
    expect(verdict(fig('?', 0.8, 0.9))).toBe('down, p 0.25')
    expect(verdict(fig('lower', 0.8, 0.9, 2))).toBe('')
    expect(verdict(fig('lower', 0.8, 0.9, 5))).toBe('better, p 0.063')
    expect(agreementChance(7)).toBeCloseTo(1 / 64)
    expect(verdict({ better: 'lower', ratio: null })).toBe('')
  })
})

describe('compareRuns', () => {
  const round = (entries: Record<string, number>): Figures => new Map(Object.entries(entries))

  it('pairs figures by name across rounds, lists those of one side only, marks constants and controls', () => {
    const old = [
      round({ seed: 1, 'fullCombat[n=10].engineMs': 0.003, 'fullCombat[n=10].baselineMs': 0.002, 'games.randomGamesPerSec': 1000 }),
      round({ seed: 1, 'fullCombat[n=10].engineMs': 0.004, 'fullCombat[n=10].baselineMs': 0.0025, 'games.randomGamesPerSec': 900 }),
    ]
    const now = [
      round({ seed: 1, 'fullCombat[n=10].engineMs': 0.006, 'fullCombat[n=10].baselineMs': 0.002, 'games.randomGamesPerSec': 1100, 'rl.stepsPerSec': 90_000 }),
      round({ seed: 1, 'fullCombat[n=10].engineMs': 0.008, 'fullCombat[n=10].baselineMs': 0.0024, 'games.randomGamesPerSec': 1000, 'rl.stepsPerSec': 91_000 }),
    ]
    const c = compareRuns(old, now)
    expect(c.onlyNew).toEqual(['rl.stepsPerSec'])
    expect(c.onlyOld).toEqual([])
    expect(c.figures.map((f) => f.name)).toEqual(['seed', 'fullCombat[n=10].engineMs', 'fullCombat[n=10].baselineMs', 'games.randomGamesPerSec'])
    const [seed, engine, baseline, games] = c.figures
    expect(seed!.constant).toBe(true)
    expect(engine).toMatchObject({ better: 'lower', control: false, constant: false, old: [0.003, 0.004], new: [0.006, 0.008] })
    expect(engine!.ratio!.median).toBeCloseTo(2)
    expect(baseline!.control).toBe(true)
    expect(games!.better).toBe('higher')
    expect(games!.ratio!.min).toBeCloseTo(1.1)
    expect(games!.ratio!.max).toBeCloseTo(1000 / 900)
    const spread = controlSpread(c.figures)!
    expect(spread.min).toBeCloseTo(0.96)
    expect(spread.max).toBeCloseTo(1)
  })

  it('sets apart figures each side gives the same in every round but the sides differ (deterministic behaviour, not speed)', () => {
    const side = (winRate: number, perSec: number[]) => perSec.map((p) => flattenReport({ games: { randomGamesPerSec: p, strength: [{ agents: ['search', 'heuristic'], winRate }] } }))
    const c = compareRuns(side(0.75, [1000, 1100]), side(0.65, [1050, 1000]))
    const winRate = c.figures.find((f) => f.name === 'games.strength[agents=search,heuristic].winRate')!
    expect(winRate).toMatchObject({ fixed: true, constant: false, better: '?' })
    expect(c.figures.find((f) => f.name === 'games.randomGamesPerSec')!.fixed).toBe(false)
    const text = comparisonTable(c, { old: 'a', new: 'b', rounds: 2 })
    expect(text).not.toContain('| games.strength')
    expect(text).toContain('(deterministic: behaviour, not speed): games.strength[agents=search,heuristic].winRate 0.75 -> 0.65.')
    // One round cannot tell a deterministic figure from a noisy one.
    expect(compareRuns(side(0.75, [1000]), side(0.65, [1000]))).toMatchObject({ figures: [{ fixed: false }, { fixed: false }] })
  })

  it('pairs rows of a size both sides ran; a size one side did not run is listed as such', () => {
    const old = [flattenReport({ fullCombat: [{ n: 10, engineMs: 1 }, { n: 100, engineMs: 10 }] })]
    const now = [flattenReport({ fullCombat: [{ n: 100, engineMs: 8 }, { n: 1000, engineMs: 90 }] })]
    const c = compareRuns(old, now)
    expect(c.figures.find((f) => f.name === 'fullCombat[n=100].engineMs')!.ratio!.median).toBeCloseTo(0.8)
    expect(c.onlyOld).toEqual(['fullCombat[n=10].n', 'fullCombat[n=10].engineMs'])
    expect(c.onlyNew).toEqual(['fullCombat[n=1000].n', 'fullCombat[n=1000].engineMs'])
    expect(bySection([...c.onlyNew, 'rl.a', 'rl.b'])).toEqual(['fullCombat: 2 figures (fullCombat[n=1000].n, fullCombat[n=1000].engineMs)', 'rl: 2 figures (rl.a, rl.b)'])
  })

  it('prints a table of the figures that vary, with the medians, the ratio, its range and the verdict', () => {
    const runs = (values: number[][]) => values.map(([ms, baseline, perSec]) => flattenReport({ seed: 1, fullCombat: [{ n: 10, engineMs: ms, baselineMs: baseline }], games: { randomGamesPerSec: perSec } }))
    const c = compareRuns(runs([[3, 2, 1000], [3.2, 2.1, 1100], [3.1, 2, 1050]]), runs([[6, 2, 1010], [6.6, 2, 1000], [6.1, 2.2, 1060]]))
    c.onlyNew.push('rl.stepsPerSec')
    const text = comparisonTable(c, { old: '2005d43', new: 'working tree (dirty)', rounds: 3 })
    expect(text).toContain('| figure | better | 2005d43 | working tree (dirty) | new / old | min-max | |')
    expect(text).toContain('| fullCombat[n=10].engineMs | lower | 3.1 | 6.1 | 2.000 | 1.968-2.062 | worse, p 0.25 |')
    expect(text).toContain('| games.randomGamesPerSec | higher | 1,050 | 1,010 | 1.010 | 0.909-1.010 | ~ |')
    expect(text).not.toContain('| seed')
    expect(text).toContain('| fullCombat[n=10].baselineMs (control) | lower | 2 | 2 | 1.000 | 0.952-1.100 | ~ |')
    expect(text).toContain('Not shown: 2 figures with the same value in every run on both sides (parameters and counts: seed 1, fullCombat[n=10].n 10)')
    expect(text).toContain('Only in working tree (dirty): rl.stepsPerSec.')
    expect(text).toContain('Controls (the baseline and the limit kernel, the same code on both sides): their ratios ranged 0.952-1.100')
  })

  it('formatValue: about four significant digits, thousands separated', () => {
    expect(formatValue(1234567.8)).toBe('1,234,568')
    expect(formatValue(43.0781)).toBe('43.08')
    expect(formatValue(0.0064213)).toBe('0.006421')
    expect(formatValue(0)).toBe('0')
    expect(formatValue(null)).toBe('-')
  })
})

describe('helpOptions', () => {
  it("reads the long options of a bench's --help", () => {
    const help = 'Options:\n  --json                print\n  --only <sections>     run only\n  --rl-steps <n>  then\n  -h, --help  display help'
    expect(helpOptions(help)).toEqual(new Set(['--json', '--only', '--rl-steps', '--help']))
  })
})
