/** A growable list of int32 values over a typed array: no boxing, no per-push allocation. */
export class IntList {
  items: Int32Array
  length = 0

  constructor(capacity = 16) {
    this.items = new Int32Array(Math.max(4, capacity))
  }

  push(value: number): void {
    if (this.length === this.items.length) this.reserve(1)
    this.items[this.length++] = value
  }

  /** Makes room for `extra` more items, so that callers may then write `items[length++]` directly. */
  reserve(extra: number): void {
    const needed = this.length + extra
    if (needed <= this.items.length) return
    let size = this.items.length
    while (size < needed) size *= 2
    const grown = new Int32Array(size)
    grown.set(this.items.subarray(0, this.length))
    this.items = grown
  }

  clear(): void {
    this.length = 0
  }
}
