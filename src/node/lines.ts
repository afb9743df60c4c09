/** Lines of a text file: a games file opened for reading, and lines counted without reading them as text. */
import { closeSync, createReadStream, openSync, readSync, statSync, type ReadStream } from 'node:fs'
import { RedzoneError } from '../core/errors.js'

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])

/** Whether the file begins with a UTF-8 byte-order mark (false when it can't be read: the open says why). */
function startsWithBom(file: string): boolean {
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const head = Buffer.alloc(UTF8_BOM.length)
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(UTF8_BOM)
  } catch {
    return false
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * A games file (JSONL records) opened for reading, once it is open: a `usage` error naming the file
 * when it is a directory (which opens like a file and fails only when read, EISDIR) or can't be
 * opened (`ENOENT`, `EACCES`). The one opener of `replay`, `report` and `export`.
 *
 * A UTF-8 byte-order mark at the start of the file is skipped, as RFC 8259 (section 8.1) allows a
 * parser to: editors and tools on Windows (Notepad, PowerShell's `Out-File -Encoding utf8`) add one
 * to a file they save, and it is no part of the first record, which would otherwise be refused as
 * "not JSON" while every byte of it is. Only at the start: a mark inside a file is not an encoding
 * signature but a character where a record should begin.
 */
export async function openGamesFile(file: string, encoding?: BufferEncoding): Promise<ReadStream> {
  let directory = false
  let regular = false
  try {
    const stats = statSync(file)
    directory = stats.isDirectory()
    regular = stats.isFile()
  } catch {
    // Missing or unreadable: the open below says which.
  }
  if (directory) throw new RedzoneError('usage', `${file}: a directory, not a games file (JSONL records, as selfplay --out writes)`)
  // A regular file only: a pipe (`<(cat games.jsonl)`) would lose the bytes looked at.
  const start = regular && startsWithBom(file) ? UTF8_BOM.length : 0
  const stream = createReadStream(file, encoding === undefined ? { start } : { start, encoding })
  try {
    await new Promise((resolve, reject) => stream.once('open', resolve).once('error', reject))
  } catch (error) {
    throw new RedzoneError('usage', `${file}: can't read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return stream
}

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
