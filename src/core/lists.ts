/**
 * Cutting a list the engine empties and fills again. By `pop`: setting `length` lower makes V8
 * free the array's spare room (to nothing at 0), so the next pushes allocate it again (a graveyard
 * emptied by a restore regrown by the next combat's deaths; an effect list emptied every turn).
 * Popping keeps the room (measured: `allocBytesPerCreature` and `rl.bytesPerStep` in the bench).
 */
export function cutTo<T>(list: T[], n: number): void {
  while (list.length > n) list.pop()
}

/**
 * Takes `item`'s first entry out of `list` in place, the others kept in order (`splice` would
 * return the removed item in a new array): whether it was there.
 */
export function removeItem<T>(list: T[], item: T): boolean {
  const at = list.indexOf(item)
  if (at < 0) return false
  list.copyWithin(at, at + 1)
  list.pop()
  return true
}
