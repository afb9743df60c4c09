/** Placeholders, replaced by the decision API. */
export interface Decision {
  readonly kind: string
  readonly player: number
}
export type LegalActions = unknown
export type PlayerAction = { readonly type: string }
