/**
 * An `.npz`: `.npy` files packed into a zip numpy's `np.load` reads, stored (no compression) and
 * streamed with fflate (a development dependency, bundled by the build into this module's chunk,
 * which loads only for an `.npz`: a consumer installs nothing for it).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
/*! fflate 0.8.3, bundled here: MIT License, Copyright (c) 2026 Arjun Barrett (node_modules/fflate/LICENSE) */
import { Zip, ZipPassThrough } from 'fflate'
import { writeAll } from './fd-io.js'

/** A fixed time for every entry: the same records give the same `.npz`, byte for byte. */
const ZIP_TIME = new Date(1980, 0, 1)

/** Packs files into a zip at `out`, stored (no compression), streamed: one buffer of memory. Returns its size. */
export function packNpz(files: readonly { name: string; path: string }[], out: string): number {
  const fd = openSync(out, 'w')
  let written = 0
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error
    else {
      writeAll(fd, chunk, null)
      written += chunk.length
    }
  })
  const buffer = Buffer.allocUnsafe(1 << 22)
  try {
    for (const { name, path } of files) {
      const entry = new ZipPassThrough(name)
      entry.mtime = ZIP_TIME
      zip.add(entry)
      const input = openSync(path, 'r')
      try {
        const size = fstatSync(input).size
        let done = 0
        do {
          const n = readSync(input, buffer, 0, Math.min(buffer.length, size - done), done)
          if (n === 0 && done < size) throw new Error(`redzone internal error: ${path} ended at ${done} of ${size} bytes; please report a bug`)
          done += n
          entry.push(buffer.subarray(0, n), done >= size)
        } while (done < size)
      } finally {
        closeSync(input)
      }
    }
    zip.end()
  } finally {
    closeSync(fd)
  }
  if (failure !== null) throw failure
  return written
}
