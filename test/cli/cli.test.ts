/** The `redzone` command as a user runs it: the built CLI in a child process (docs/scenario-format.md's contract). */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const cli = join(root, 'dist', 'cli.js')
const scenarios = join(root, 'test', 'scenarios')

function redzone(...args: string[]) {
  const out = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root })
  return { code: out.status, stdout: out.stdout, stderr: out.stderr }
}

beforeAll(() => {
  if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
})

describe('redzone run', () => {
  it('--json prints one redzone-result/1 document with actions, state and events', () => {
    const { code, stdout } = redzone('run', join(scenarios, 'shared', 'trample-assignment-must-be-lethal.json'), '--json')
    expect(code).toBe(0)
    const result = JSON.parse(stdout)
    expect(result.format).toBe('redzone-result/1')
    expect(result.actions).toHaveLength(4)
    expect(result.actions[2]).toMatchObject({ ok: false, error: { code: 'illegal-assignment', rule: '702.19b' } })
    expect(result.actions[3]).toEqual({ ok: true })
    expect(result.state.players.B).toEqual({ life: 18, lost: false })
    expect(result.state.objects.dreadmaw).toEqual({
      zone: 'battlefield', owner: 'A', controller: 'A', tapped: true, damage: 2, power: 6, toughness: 6,
      loyalty: null, keywords: ['trample'], attachedTo: null, plotted: false,
    })
    expect(result.events).toContainEqual({
      type: 'damage', event: 'damageDealt', source: 'dreadmaw', target: 'B', amount: 2, combat: true, rule: '510.2',
    })
    expect(result.events).toContainEqual({ type: 'creatureDied', event: 'creatureDied', creature: 'w1', reason: 'lethal-damage', rule: '704.5g' })
    expect(result.failures).toEqual([])
  })

  it('--json lists the failures of the scenario\'s own checks (an expectError that was accepted, a final expect), which it did not say (exit 0: the file is valid)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redzone-run-failures-'))
    const file = join(dir, 'failing.json')
    writeFileSync(file, JSON.stringify({
      format: 'redzone-scenario/1', name: 'x', players: [{ id: 'A' }, { id: 'B' }],
      objects: [{ id: 'viper', controller: 'A', types: ['creature'], power: 5, toughness: 5, keywords: ['deathtouch', 'trample'] }, { id: 'wall', controller: 'B', types: ['creature'], power: 0, toughness: 8 }],
      actions: [{ do: 'attack', attackers: { viper: 'B' } }, { do: 'block', blockers: { wall: 'viper' } }, { do: 'combatDamage', expectError: 'illegal-assignment' }],
      expect: { life: { B: 0 } },
    }))
    const { code, stdout } = redzone('run', file, '--json')
    expect(code).toBe(0)
    const result = JSON.parse(stdout)
    expect(result.failures).toHaveLength(2)
    expect(result.failures[0]).toBe('actions[2] (combatDamage): expected an error "illegal-assignment", but the action was accepted')
    expect(result.failures[1]).toMatch(/^expect: life of B: expected 0, got 16$/)
    expect(redzone('check', file).code).toBe(1)
  })

  it('prints a readable summary without --json', () => {
    const { code, stdout } = redzone('run', join(scenarios, 'shared', 'flying-and-reach.json'))
    expect(code).toBe(0)
    expect(stdout).toContain('rejected cannot-block-flying')
    expect(stdout).toContain('B: life 20')
  })

  it('exits 2 naming the file and the JSON path for an invalid file', () => {
    const file = join(scenarios, 'invalid', 'unknown-field.json')
    const { code, stdout, stderr } = redzone('run', file, '--json')
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`${file}: $.objects[0]: unknown field "powr"`)
  })

  it('exits 2 for a file that does not exist', () => {
    const { code, stderr } = redzone('run', join(scenarios, 'nope.json'))
    expect(code).toBe(2)
    expect(stderr).toContain("can't read the file")
  })
})

describe('redzone check', () => {
  it('prints a line per scenario and "N passed, N failed", exit 0 when all pass', () => {
    const { code, stdout } = redzone('check', join(scenarios, 'rules'))
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed$/)
    expect(lines.filter((l) => l.startsWith('PASS '))).toHaveLength(lines.length - 1)
  })

  it('exits 1 when a scenario fails its expectations, and says why', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redzone-'))
    writeFileSync(
      join(dir, 'wrong.json'),
      JSON.stringify({
        format: 'redzone-scenario/1',
        name: 'a wrong expectation',
        players: [{ id: 'A' }, { id: 'B' }],
        objects: [{ id: 'bear', controller: 'A', types: ['creature'], power: 2, toughness: 2 }],
        actions: [{ do: 'attack', attackers: { bear: 'B' } }, { do: 'advance', to: 'endCombat' }],
        expect: { life: { B: 17 } },
      }),
    )
    const { code, stdout } = redzone('check', dir)
    expect(code).toBe(1)
    expect(stdout).toContain('expect: life of B: expected 17, got 18')
    expect(stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed')
  })

  it('exits 2 when a file is invalid', () => {
    const { code, stdout } = redzone('check', join(scenarios, 'invalid', 'duplicate-id.json'), join(scenarios, 'rules', 'turn-one-no-draw.json'))
    expect(code).toBe(2)
    expect(stdout).toContain('INVALID')
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')
  })

  it('exits 2 for an id or a key "__proto__" (the key was dropped: an expect.life of it passed unchecked, an attack of it declared nobody)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'redzone-check-proto-'))
    const base = { format: 'redzone-scenario/1', name: 'x', objects: [{ id: 'bear', controller: 'B', types: ['creature'], power: 2, toughness: 2 }] }
    // Written as text: an object literal's "__proto__" key would set the prototype here too.
    writeFileSync(join(dir, 'key.json'), JSON.stringify({ ...base, players: [{ id: 'A' }, { id: 'B' }] }).replace(/}$/, ',"expect":{"life":{"__proto__":3}}}'))
    writeFileSync(join(dir, 'id.json'), JSON.stringify({ ...base, players: [{ id: '__proto__' }, { id: 'B' }] }))
    const { code, stdout } = redzone('check', dir)
    expect(code).toBe(2)
    expect(stdout).toContain('$.expect.life: the key "__proto__" is not allowed')
    expect(stdout).toContain('$.players[0].id: the id "__proto__" is not allowed')
    expect(stdout.trim().split('\n').at(-1)).toBe('0 passed, 2 failed')
  })

  it('exits 2 naming a directory with no scenario file in it (a wrong path in CI checked nothing and passed), and still checks the other paths', () => {
    const empty = mkdtempSync(join(tmpdir(), 'redzone-check-empty-'))
    const { code, stdout, stderr } = redzone('check', empty, join(scenarios, 'rules', 'turn-one-no-draw.json'))
    expect(code).toBe(2)
    expect(stderr).toBe(`redzone check: ${empty}: no scenario files (*.json) in it\n`)
    expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed')
  })
})

describe('redzone cards', () => {
  it('lists the pool with costs, types and keywords, and the decks', () => {
    const { code, stdout } = redzone('cards')
    expect(code).toBe(0)
    expect(stdout).toContain('Brightglass Gearhulk | {G}{G}{W}{W} | artifact creature — Construct | 4/4 | first strike, trample')
    expect(stdout).toContain('Spinewoods Paladin | {4}{G} | creature — Human Knight | 5/4 | trample, plot {3}{G}')
    expect(stdout).toMatch(/deck green-white \(40 cards\)/)
  })
})

describe('redzone demo and usage', () => {
  it('plays a generated combat and prints each step', () => {
    const { code, stdout } = redzone('demo', '--size', '200', '--seed', '7')
    expect(code).toBe(0)
    for (const step of ['declare attackers', 'declare blockers', 'regular damage', 'end of combat']) expect(stdout).toContain(step)
    expect(stdout).toMatch(/total: [\d,]+ damage dealt/)
  })

  it('exits 2 on an unknown command or a bad option', () => {
    expect(redzone('fly').code).toBe(2)
    expect(redzone('demo', '--size', 'many').code).toBe(2)
  })

  it('refuses a demo board past 1,000,000 creatures a side at once (1e12 was a RangeError, 1e9 ran out of memory after 43 s)', () => {
    for (const size of ['1e12', '1000001']) {
      const { code, stderr } = redzone('demo', '--size', size)
      expect(code).toBe(2)
      expect(stderr).toContain('expected at most 1,000,000 creatures a side')
    }
  })
})
