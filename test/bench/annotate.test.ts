/**
 * `npm run bench:instructions -- --by-function KIND:N --annotate NAMES`'s two readings
 * (bench/instructions/annotate.mjs): callgrind's count at each instruction address, and the code
 * objects `node --print-opt-code` prints with their addresses, on small texts written here. Running
 * valgrind itself is not tested (minutes, and not on every machine).
 */
import { expect, it } from 'vitest'
import { codeObjects, countsByAddress } from '../../bench/instructions/annotate.mjs'

it('counts the instructions and L2 misses at each address: self cost only, trailing zero events left out', () => {
  const counts = countsByAddress([
    'positions: instr line',
    'events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw',
    'ob=???',
    'fn=0x1000',
    '0x1000 0 10 4 1 0 2 0 0 1 2',
    // Trailing zeros left out, as callgrind writes them.
    '0x1004 0 5',
    'cfn=memset',
    'calls=1 0x9000 0',
    // The inclusive cost of the call: the callee's, not this address's.
    '0x1008 0 1000 1000 1000 1000 1000 1000 1000 1000 1000',
    'fn=0x1100',
    // The same address in another function's record (code moved): summed.
    '0x1000 0 3 0 0 0 0 0 0 4',
    '',
  ].join('\n'))
  expect(Object.fromEntries(counts)).toEqual({ 4096: [13, 7], 4100: [5, 0] })
})

it('counts instructions alone when the cache is not simulated', () => {
  expect(Object.fromEntries(countsByAddress('events: Ir\n0x20 0 7\n0x20 0 1\n'))).toEqual({ 32: [8, 0] })
})

it("reads each optimized code object's name, optimization and instructions", () => {
  const objects = codeObjects([
    '--- Raw source ---',
    '(world) {',
    '  return 1',
    '}',
    '',
    '--- Optimized code ---',
    'optimization_id = 12',
    'source_position = 150171',
    'kind = TURBOFAN',
    'name = pendingKind',
    'compiler = turbofan',
    '',
    'Instructions (size = 12)',
    '0x7f9edc0602c0     0  488b59f8             REX.W movq rbx,[rcx-0x8]',
    '0x7f9edc0602c4     4  f6433501             testb [rbx+0x35],0x1',
    '                                                             ;; debug: deopt reason \'wrong map\'',
    '0x7f9edc0602c8     8  0f85f2cede1f         jnz 0x7f9efbe4d1c0  (CompileLazyDeoptimizedCode)    ;; near builtin entry',
    '',
    'Inlined functions (count = 1)',
    ' 0x2882956f4531 <SharedFunctionInfo isGameOver>',
    '--- Optimized code ---',
    'name = answer',
    'optimization_id = 13',
    '0x7f9edc070000     0  55                   push rbp',
  ].join('\n'))
  expect(objects).toEqual([
    {
      name: 'pendingKind',
      id: '12',
      lines: [
        { address: 0x7f9edc0602c0, offset: '0', text: 'REX.W movq rbx,[rcx-0x8]' },
        { address: 0x7f9edc0602c4, offset: '4', text: 'testb [rbx+0x35],0x1' },
        { address: 0x7f9edc0602c8, offset: '8', text: 'jnz 0x7f9efbe4d1c0 (CompileLazyDeoptimizedCode) ;; near builtin entry' },
      ],
    },
    { name: 'answer', id: '13', lines: [{ address: 0x7f9edc070000, offset: '0', text: 'push rbp' }] },
  ])
})
