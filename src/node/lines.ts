/** Lines of a text file, counted without reading them as text. */
import { createReadStream } from 'node:fs'

/** The number of lines of a file (its newlines, and a last line without one), for a progress total. */
export async function countLines(file: string): Promise<number> {
  let lines = 0
  let last = 0x0a
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++
    if (chunk.length > 0) last = chunk[chunk.length - 1]!
  }
  return last === 0x0a ? lines : lines + 1
}
