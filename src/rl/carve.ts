import { internalError } from '../core/errors.js'

/**
 * Typed arrays carved one after another out of one `ArrayBuffer`: the arrays a step reads together
 * (a decision builder's, an env's object rows) then lie together in memory, not in as many
 * separate allocations. With N games in lockstep each game's arrays are cold when its turn comes,
 * and fewer, adjacent lines and pages load faster.
 */
export class Carve {
  private readonly buffer: ArrayBuffer
  private at = 0

  constructor(bytes: number) {
    this.buffer = new ArrayBuffer(bytes)
  }

  /** Bytes a carve of these arrays needs (each starts on 8 bytes). */
  static bytes(...sizes: number[]): number {
    let total = 0
    for (const size of sizes) total += (size + 7) & ~7
    return total
  }

  private next(bytes: number): number {
    const at = this.at
    this.at += (bytes + 7) & ~7
    if (this.at > this.buffer.byteLength) throw internalError(`a carve of ${this.buffer.byteLength} bytes asked for ${this.at}`)
    return at
  }

  int32(length: number): Int32Array {
    return new Int32Array(this.buffer, this.next(length * 4), length)
  }

  uint32(length: number): Uint32Array {
    return new Uint32Array(this.buffer, this.next(length * 4), length)
  }

  int16(length: number): Int16Array {
    return new Int16Array(this.buffer, this.next(length * 2), length)
  }

  uint8(length: number): Uint8Array {
    return new Uint8Array(this.buffer, this.next(length), length)
  }
}
