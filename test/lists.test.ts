/** The engine's in-place list helpers (src/core/lists.ts): zone lists and the battlefield list change through them. */
import { describe, expect, it } from 'vitest'
import { cutTo, removeItem } from '../src/core/lists.js'

describe('list helpers', () => {
  it('removeItem takes the first entry of an item out in place, the others in order, and says whether it was there', () => {
    const list = [5, 3, 9, 3, 7]
    expect(removeItem(list, 3)).toBe(true)
    expect(list).toEqual([5, 9, 3, 7])
    expect(removeItem(list, 7)).toBe(true)
    expect(list).toEqual([5, 9, 3])
    expect(removeItem(list, 5)).toBe(true)
    expect(list).toEqual([9, 3])
    expect(removeItem(list, 4)).toBe(false)
    expect(list).toEqual([9, 3])
    expect(removeItem([], 1)).toBe(false)
  })

  it('cutTo keeps the first n entries', () => {
    const list = [1, 2, 3, 4]
    cutTo(list, 2)
    expect(list).toEqual([1, 2])
    cutTo(list, 5)
    expect(list).toEqual([1, 2])
  })
})
