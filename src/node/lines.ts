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

/** The number of lines of a file that hold something (blank lines and a lone `\r` not counted): the records of a games file. */
export async function countNonBlankLines(file: string): Promise<number> {
  let lines = 0
  let content = false
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let at = 0
    for (;;) {
      const newline = chunk.indexOf(0x0a, at)
      const end = newline === -1 ? chunk.length : newline
      if (end > at && !(end - at === 1 && chunk[at] === 0x0d)) content = true
      if (newline === -1) break
      if (content) lines++
      content = false
      at = newline + 1
    }
  }
  return content ? lines + 1 : lines
}
