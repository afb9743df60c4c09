import { fieldPath } from '../state/check-position.js'

/** A key given twice in one JSON object, with the JSON path of that object. */
export interface DuplicateKey {
  path: string
  key: string
}

type Frame = { kind: 'object'; path: string; keys: Set<string>; key: string | null } | { kind: 'array'; path: string; index: number }

/**
 * Every key given twice in one object of a JSON text (JSON.parse silently keeps the last one).
 * The text must be valid JSON (run it after JSON.parse succeeds). One pass over the text with an
 * explicit stack, so deep nesting can't overflow the call stack.
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  const out: DuplicateKey[] = []
  const stack: Frame[] = []
  const valuePath = (): string => {
    const top = stack[stack.length - 1]
    if (top === undefined) return '$'
    return top.kind === 'array' ? `${top.path}[${top.index}]` : `${top.path}${fieldPath(top.key ?? '')}`
  }
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 0x7b /* { */) {
      stack.push({ kind: 'object', path: valuePath(), keys: new Set(), key: null })
      i++
    } else if (c === 0x5b /* [ */) {
      stack.push({ kind: 'array', path: valuePath(), index: 0 })
      i++
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop()
      i++
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1]!
      if (top.kind === 'array') top.index++
      else top.key = null
      i++
    } else if (c === 0x22 /* " */) {
      let j = i + 1
      while (text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c /* \ */ ? 2 : 1
      const top = stack[stack.length - 1]
      if (top?.kind === 'object' && top.key === null) {
        const key = JSON.parse(text.slice(i, j + 1)) as string
        if (top.keys.has(key)) out.push({ path: top.path, key })
        top.keys.add(key)
        top.key = key
      }
      i = j + 1
    } else {
      // Whitespace, ':', numbers and literals: nothing to track.
      i++
    }
  }
  return out
}
