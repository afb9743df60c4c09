/**
 * Cutting a list the engine empties and fills again. By `pop`: setting `length` lower makes V8
 * free the array's spare room (to nothing at 0), so the next pushes allocate it again (a graveyard
 * emptied by a restore regrown by the next combat's deaths; an effect list emptied every turn).
 * Popping keeps the room (measured: `allocBytesPerCreature` and `rl.bytesPerStep` in the bench).
 */
export function cutTo<T>(list: T[], n: number): void {
  while (list.length > n) list.pop()
}
