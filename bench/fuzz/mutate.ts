/**
 * Mutations of scenario files: structural ones on the parsed document (type flips, absurd
 * numbers, numbers as strings, unknown ids and fields, deletions, duplicated entries, deep
 * nesting, huge arrays) and textual ones on the JSON text (truncation, duplicate keys, stray
 * bytes, non-JSON literals).
 */
import type { Json, JsonObject } from './generate.js'
import type { FuzzRng } from './rng.js'

const WEIRD_STRINGS = ['', ' ', 'A', 'B', 'ghost', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '7', '0', '-1',
  '3e9', '1e308', 'NaN', 'Infinity', 'null', 'true', '{2}{G}', '{X}', '{G/W}', 'flying', 'Flying', 'creature', 'battlefield',
  'regularDamage', 'next', 'plot', 'equip', 'redzone-scenario/2', 'é', '\u0000', '\ud800', 'x'.repeat(2000)]
const WEIRD_NUMBERS = [0, -0, -1, 1, 0.5, -0.5, 3e9, -3e9, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324, 1e21]

export function weirdValue(r: FuzzRng, like?: Json): Json {
  const kind = r.int(0, 9)
  switch (kind) {
    case 0: return null
    case 1: return r.chance(0.5)
    case 2: return r.pick(WEIRD_NUMBERS)
    case 3: return r.pick(WEIRD_STRINGS)
    case 4: return typeof like === 'number' ? String(like) : typeof like === 'string' && like !== '' && !Number.isNaN(Number(like)) ? Number(like) : r.pick(WEIRD_STRINGS)
    case 5: return []
    case 6: return {}
    case 7: return [like === undefined || deeper(like, 40) ? null : like]
    case 8: return { value: like === undefined || deeper(like, 40) ? null : like }
    default: return r.pick(['NaN', 'Infinity', '-Infinity', '-1', '1e308', '3e9', '5'])
  }
}

/** Every path (list of keys) to a value in the document. */
function paths(doc: Json, limit = 4000): (string | number)[][] {
  const out: (string | number)[][] = []
  const walk = (node: Json, path: (string | number)[]): void => {
    if (out.length >= limit || path.length > 40) return
    out.push(path)
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...path, i]))
    else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...path, k])
  }
  walk(doc, [])
  return out
}

function getAt(doc: Json, path: (string | number)[]): Json {
  let node: Json = doc
  for (const k of path) node = (node as Record<string | number, Json>)[k]!
  return node
}

function setAt(doc: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value
  const parent = getAt(doc, path.slice(0, -1)) as Record<string | number, Json>
  parent[path[path.length - 1]!] = value
  return doc
}

function deleteAt(doc: Json, path: (string | number)[]): void {
  if (path.length === 0) return
  const parent = getAt(doc, path.slice(0, -1))
  const key = path[path.length - 1]!
  if (Array.isArray(parent)) parent.splice(key as number, 1)
  else if (parent !== null && typeof parent === 'object') delete (parent as JsonObject)[key as string]
}

/** Whether a value nests deeper than `limit` (copies of such values are not made). */
function deeper(value: Json, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false
  if (limit <= 0) return true
  return (Array.isArray(value) ? value : Object.values(value)).some((v) => deeper(v, limit - 1))
}

function copyOf(value: Json): Json {
  return deeper(value, 40) ? null : structuredClone(value)
}

function nest(value: Json, depth: number): Json {
  let v = value
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

/** Ids the document defines (players and objects), for swaps that keep references plausible. */
function definedIds(doc: Json): string[] {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return []
  const out: string[] = []
  for (const key of ['players', 'objects']) {
    const list = doc[key]
    if (Array.isArray(list)) for (const o of list) if (o && typeof o === 'object' && !Array.isArray(o) && typeof o.id === 'string') out.push(o.id)
  }
  return out
}

/** One structural mutation, in place; returns a short description. */
export function mutateDoc(r: FuzzRng, doc: Json): { doc: Json; what: string } {
  const all = paths(doc)
  const path = r.pick(all)
  const here = getAt(doc, path)
  const where = '$' + path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')
  const op = r.weighted<string>([
    [10, 'replace'], [4, 'number'], [3, 'id'], [3, 'delete'], [3, 'unknown-field'], [2, 'duplicate-entry'],
    [1, 'deep'], [1, 'huge'], [2, 'rename-key'],
  ])
  switch (op) {
    case 'replace': {
      const v = weirdValue(r, here)
      return { doc: setAt(doc, path, v), what: `replace ${where} with ${JSON.stringify(v)?.slice(0, 40)}` }
    }
    case 'number': {
      const nums = all.filter((p) => typeof getAt(doc, p) === 'number')
      const p = nums.length > 0 ? r.pick(nums) : path
      const v = r.chance(0.7) ? r.pick(WEIRD_NUMBERS) : String(getAt(doc, p))
      return { doc: setAt(doc, p, v), what: `number at ${p.join('.')} := ${JSON.stringify(v)}` }
    }
    case 'id': {
      const strs = all.filter((p) => typeof getAt(doc, p) === 'string')
      const p = strs.length > 0 ? r.pick(strs) : path
      const ids = definedIds(doc)
      const v = ids.length > 0 && r.chance(0.5) ? r.pick(ids) : r.pick(WEIRD_STRINGS)
      return { doc: setAt(doc, p, v), what: `string at ${p.join('.')} := ${JSON.stringify(v).slice(0, 40)}` }
    }
    case 'delete':
      deleteAt(doc, path)
      return { doc, what: `delete ${where}` }
    case 'unknown-field': {
      const objs = all.filter((p) => { const v = getAt(doc, p); return v !== null && typeof v === 'object' && !Array.isArray(v) })
      if (objs.length === 0) return { doc, what: 'no object for a field' }
      const p = r.pick(objs)
      const key = r.pick(['powr', 'extra', '__proto__', 'constructor', 'do', 'id', 'Power', 'keywords', 'zone'])
      ;(getAt(doc, p) as JsonObject)[key] = weirdValue(r)
      return { doc, what: `field ${key} on ${p.join('.')}` }
    }
    case 'duplicate-entry': {
      const arrays = all.filter((p) => Array.isArray(getAt(doc, p)) && (getAt(doc, p) as Json[]).length > 0)
      if (arrays.length === 0) return { doc, what: 'no array' }
      const p = r.pick(arrays)
      const arr = getAt(doc, p) as Json[]
      arr.splice(r.int(0, arr.length), 0, copyOf(r.pick(arr)))
      return { doc, what: `duplicate an entry of ${p.join('.')}` }
    }
    case 'deep': {
      const depth = r.pick([50, 500, 2000])
      return { doc: setAt(doc, path, nest(deeper(here ?? null, 40) ? null : here ?? null, depth)), what: `nest ${where} ${depth} deep` }
    }
    case 'huge': {
      const arrays = all.filter((p) => Array.isArray(getAt(doc, p)) && (getAt(doc, p) as Json[]).length > 0)
      if (arrays.length === 0) return { doc, what: 'no array' }
      const p = r.pick(arrays)
      const arr = getAt(doc, p) as Json[]
      const n = r.pick([300, 2000])
      const template = arr[0]!
      for (let i = 0; i < n; i++) {
        const copy = copyOf(template)
        if (copy !== null && typeof copy === 'object' && !Array.isArray(copy) && typeof copy.id === 'string') copy.id = `${copy.id}~${i}`
        arr.push(copy)
      }
      return { doc, what: `grow ${p.join('.')} by ${n}` }
    }
    default: {
      const objs = all.filter((p) => { const v = getAt(doc, p); return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 })
      if (objs.length === 0) return { doc, what: 'no object to rename in' }
      const p = r.pick(objs)
      const o = getAt(doc, p) as JsonObject
      const key = r.pick(Object.keys(o))
      const ids = definedIds(doc)
      const to = ids.length > 0 && r.chance(0.6) ? r.pick(ids) : r.pick(WEIRD_STRINGS)
      const v = o[key]!
      delete o[key]
      o[to] = v
      return { doc, what: `rename key ${key} of ${p.join('.')} to ${JSON.stringify(to).slice(0, 30)}` }
    }
  }
}

/** One textual mutation of a JSON text. */
export function mutateText(r: FuzzRng, text: string): { text: string; what: string } {
  const op = r.weighted<string>([[4, 'truncate'], [4, 'duplicate-key'], [2, 'byte'], [2, 'literal'], [1, 'bom'], [1, 'trailing-comma'], [1, 'comment']])
  switch (op) {
    case 'truncate': {
      const at = r.int(0, Math.max(0, text.length - 1))
      return { text: text.slice(0, at), what: `truncate at ${at}` }
    }
    case 'duplicate-key': {
      // Repeat a "key": value pair of some object right after its opening brace.
      const re = /\{\s*("(?:[^"\\]|\\.)*")\s*:\s*("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g
      const matches = [...text.matchAll(re)]
      if (matches.length === 0) return { text, what: 'no key to duplicate' }
      const m = r.pick(matches)
      const value = r.chance(0.5) ? m[2]! : JSON.stringify(r.pick(['ghost', 'A', 'x'])) 
      const insert = `${m[1]}: ${value}, `
      const at = m.index! + 1
      return { text: text.slice(0, at) + insert + text.slice(at), what: `duplicate key ${m[1]} at ${at}` }
    }
    case 'byte': {
      const at = r.int(0, Math.max(0, text.length - 1))
      const ch = r.pick(['"', '{', '}', '[', ']', ',', ':', '\\', '\u0000', '\ud800', 'x', ' '])
      return { text: text.slice(0, at) + ch + text.slice(at + (r.chance(0.5) ? 1 : 0)), what: `byte ${JSON.stringify(ch)} at ${at}` }
    }
    case 'literal': {
      const nums = [...text.matchAll(/:\s*(-?\d+)/g)]
      if (nums.length === 0) return { text, what: 'no number' }
      const m = r.pick(nums)
      const lit = r.pick(['NaN', 'Infinity', '-Infinity', 'undefined', '0x10', '1e999', '-1e999', '01', '.5'])
      const at = m.index! + m[0].length - m[1]!.length
      return { text: text.slice(0, at) + lit + text.slice(at + m[1]!.length), what: `literal ${lit} at ${at}` }
    }
    case 'bom':
      return { text: `\ufeff${text}`, what: 'byte order mark' }
    case 'trailing-comma': {
      const at = text.lastIndexOf('}')
      return { text: at < 0 ? text : `${text.slice(0, at)},${text.slice(at)}`, what: 'trailing comma' }
    }
    default:
      return { text: `// comment\n${text}`, what: 'comment' }
  }
}

/**
 * The first key given twice in one JSON object of a (syntactically valid) JSON text, or null.
 * A scanner, not a parser: strings, braces and the key/value state of each open object.
 */
export function duplicateKey(text: string): string | null {
  const stack: (Set<string> | null)[] = []
  let expectingKey = false
  let i = 0
  const n = text.length
  while (i < n) {
    const ch = text[i]!
    if (ch === '"') {
      let j = i + 1
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const top = stack[stack.length - 1]
      if (expectingKey && top) {
        let key: string
        try {
          key = JSON.parse(text.slice(i, j + 1)) as string
        } catch {
          key = text.slice(i + 1, j)
        }
        if (top.has(key)) return key
        top.add(key)
        expectingKey = false
      }
      i = j + 1
      continue
    }
    if (ch === '{') {
      stack.push(new Set())
      expectingKey = true
    } else if (ch === '[') {
      stack.push(null)
      expectingKey = false
    } else if (ch === '}' || ch === ']') {
      stack.pop()
      expectingKey = false
    } else if (ch === ',') {
      expectingKey = stack[stack.length - 1] instanceof Set
    }
    i++
  }
  return null
}
