/**
 * Every scenario file runs through the CLI's own code (`checkScenarioFile`, as `redzone check`):
 * the public scenario set every build must pass (test/scenarios/shared, with the name and SHA-256
 * of each file in test/scenarios/shared/SHA256SUMS), the project's rules scenarios, and the invalid
 * files, which must be rejected with the JSON path of the problem.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkScenarioFile } from '../../src/node/scenario-files.js'

const here = import.meta.dirname

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
}

/** The `*.json` files under a folder and its subfolders, as paths relative to it. */
function jsonFilesDeep(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) out.push(...jsonFilesDeep(join(dir, entry.name), `${prefix}${entry.name}/`))
    else if (entry.name.endsWith('.json')) out.push(`${prefix}${entry.name}`)
  }
  return out.sort()
}

/** The list of the public set: each file's SHA-256 and path (`sha256sum` format, so `sha256sum -c` reads it too). */
const MANIFEST = join(here, 'shared', 'SHA256SUMS')

/** Path to SHA-256, from the list. */
function listed(): Map<string, string> {
  const entries = readFileSync(MANIFEST, 'utf8').trim().split('\n').map((line) => {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line)
    if (!match) throw new Error(`test/scenarios/shared/SHA256SUMS: not a "<sha256>  <path>" line: ${JSON.stringify(line)}`)
    return [match[2]!, match[1]!] as const
  })
  return new Map(entries)
}

/** Path to SHA-256 of the `*.json` files under `dir`. */
function hashed(dir: string): Map<string, string> {
  return new Map(jsonFilesDeep(dir).map((file) => [file, createHash('sha256').update(readFileSync(join(dir, file))).digest('hex')]))
}

// The set's source, where a checkout of it sits beside the project: its files must be the list's.
const upstream = join(here, '..', '..', '..', 'shared', 'scenarios')

describe('shared scenarios (test/scenarios/shared, listed in test/scenarios/shared/SHA256SUMS)', () => {
  for (const file of jsonFilesDeep(join(here, 'shared'))) {
    const path = join(here, 'shared', file)
    it(file, () => {
      const outcome = checkScenarioFile(path)
      expect(outcome.details).toEqual([])
      expect(outcome.status).toBe('passed')
    })
  }

  it('the copies are the listed set, file for file and byte for byte (24 files: the top folder and play/)', () => {
    const list = listed()
    expect(list.size).toBe(24)
    expect([...list.keys()].filter((f) => f.startsWith('play/')).length).toBe(5)
    expect(hashed(join(here, 'shared'))).toEqual(list)
    // Where the set's source is checked out beside the project, it is the listed set too (a
    // changed or added upstream scenario fails here until its copy and the list are updated).
    if (existsSync(upstream)) expect(hashed(upstream)).toEqual(list)
  })
})

describe('rules scenarios (test/scenarios/rules)', () => {
  for (const file of jsonFiles(join(here, 'rules'))) {
    it(file, () => {
      const outcome = checkScenarioFile(join(here, 'rules', file))
      expect(outcome.details).toEqual([])
      expect(outcome.status).toBe('passed')
    })
  }
})

describe('invalid scenario files are rejected with the JSON path and what was expected', () => {
  const expected: Record<string, RegExp> = {
    'bad-json.json': /\$: invalid JSON at line 2, column 29/,
    'duplicate-id.json': /\$\.objects\[1\]\.id: the id "bear" is used twice/,
    'numeric-id.json': /\$\.objects\[1\]\.id: the id "7" has only digits/,
    'unknown-action.json': /\$\.actions\[0\]\.do: unknown action/,
    'unknown-card.json': /\$\.objects\[1\]\.card: unknown card "Grizzly Bearz"/,
    'unknown-field.json': /\$\.objects\[0\]: unknown field "powr"/,
    'unknown-keyword.json': /\$\.objects\[0\]\.keywords\[0\]: expected a keyword/,
    'unknown-object-in-action.json': /\$\.actions\[0\]\.attackers\["bear"\]: unknown player or object "C"/,
    'unknown-step.json': /\$\.actions\[0\]\.to: .*expected one of "untap"/,
    'wrong-format.json': /\$\.format: .*redzone-scenario\/1/,
    'wrong-type.json': /\$\.objects\[0\]\.power: .*expected number, received string/,
    'duplicate-key-in-blockers.json': /\$\.actions\[2\]\.blockers: the key "b1" is given twice/,
    'duplicate-key-in-object.json': /\$\.objects\[0\]: the key "power" is given twice/,
    'spell-with-two-effects.json': /\$\.objects\[1\]\.spell: a spell has exactly one effect \("pump", "damage", "destroy"\), not "damage" and "destroy"/,
    'power-out-of-range.json': /\$\.objects\[0\]\.power: a power must be a whole number from -2147483647 to 2147483647/,
    'life-out-of-range.json': /\$\.players\[1\]\.life: a life total must be a whole number from -2147483647 to 2147483647/,
    'id-with-only-digits.json': /\$\.objects\[0\]\.id: the id "007" has only digits/,
    'mana-cost-not-of-the-format.json':
      /\$\.objects\[0\]\.manaCost: "\{2\}\{C\}" is not a mana cost[^\n]*\n.*\$\.objects\[1\]\.manaCost: "\{G\/W\}"[^\n]*\n.*\$\.objects\[2\]\.manaCost: "\{G\/P\}"[^\n]*\n.*\$\.objects\[3\]\.manaCost: "\{X\}\{R\}"/,
    'pay-unknown-land.json': /\$\.actions\[0\]\.pay\[1\]: unknown object "forest9"/,
    'unknown-zone.json': /\$\.objects\[0\]\.zone: .*expected one of "library"\|"hand"\|"battlefield"\|"graveyard"\|"exile"/,
  }
  it('covers every file in test/scenarios/invalid', () => {
    expect(jsonFiles(join(here, 'invalid'))).toEqual(Object.keys(expected).sort())
  })
  for (const [file, pattern] of Object.entries(expected)) {
    it(file, () => {
      const path = join(here, 'invalid', file)
      const outcome = checkScenarioFile(path)
      expect(outcome.status).toBe('invalid')
      expect(outcome.details.join('\n')).toMatch(pattern)
      expect(outcome.details[0]).toContain(path)
    })
  }
})
