/**
 * `npm run bench:instructions -- --by-function`'s attribution (bench/instructions/by-function.mjs)
 * on a small callgrind file and perf map written here: compiled code named from the map (the later
 * of two overlapping entries, as V8 moves and recompiles code), C++ from its own symbols, a call's
 * cost left to its callee. Running valgrind itself is not tested (minutes, and not on every machine).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { attribute, EVENTS } from '../../bench/instructions/by-function.mjs'

const dir = mkdtempSync(join(tmpdir(), 'redzone-by-function-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('attributes each instruction address to its function: perf-map names for V8 code, symbols for C++, calls to the callee', () => {
  const map = join(dir, 'perf.map')
  writeFileSync(map, [
    '1000 100 JS:*writeObjects file:///x/workload.mjs:10:5',
    '1100 80 JS:^step file:///x/workload.mjs:20:3',
    // Later code over part of the range of an earlier one: the later entry names it.
    '1040 20 JS:*putScaled file:///x/workload.mjs:30:1',
    '',
  ].join('\n'))
  const out = join(dir, 'callgrind.out')
  writeFileSync(out, [
    'positions: instr line',
    'events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw',
    'ob=???',
    'fn=0x1000',
    '0x1000 0 10 4 1 0 2 0 0 1 0',
    '0x1010 0 5 0 0 0 0 1 0 0 1',
    '0x1048 0 7 1 0 0 1 0 0 1 0',
    'cfn=memset',
    'calls=1 0x9000 0',
    // The inclusive cost of the call: the callee's, not counted here.
    '0x1050 0 1000 1000 1000 1000 1000 1000 1000 1000 1000',
    'ob=???',
    'fn=0x1100',
    '0x1110 0 3 0 0 0 0 0 0 0 0',
    '0x5000 0 2 0 0 0 0 0 0 0 0',
    'ob=/usr/lib/x86_64-linux-gnu/libc.so.6',
    'fn=__memset_avx2_unaligned_erms',
    '0x9000 0 20 0 8 0 0 3 0 0 2',
    '',
  ].join('\n'))
  const sums: Map<string, number[]> = attribute(out, map)
  expect(EVENTS).toEqual(['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw'])
  expect(Object.fromEntries(sums)).toEqual({
    writeObjects: [15, 4, 1, 0, 2, 1, 0, 1, 1],
    putScaled: [7, 1, 0, 0, 1, 0, 0, 1, 0],
    'step (baseline)': [3, 0, 0, 0, 0, 0, 0, 0, 0],
    '(unnamed compiled code)': [2, 0, 0, 0, 0, 0, 0, 0, 0],
    'libc: __memset_avx2_unaligned_erms': [20, 0, 8, 0, 0, 3, 0, 0, 2],
  })
})
