/** What one player may know of a game (filled in by the decision work). */
export interface GameView {
  readonly player: number
}
