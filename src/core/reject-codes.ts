/**
 * Every reason the engine gives for rejecting a player's action: a closed list, so agents can
 * `switch` on a code, a scenario's `expectError` is checked against it, and a test can prove each
 * one is produced. Each code's rule is given with the rejection itself (`RuleViolation.rule`).
 */
export const REJECT_CODES = [
  // The game and the decision being made
  'game-over',
  'not-a-player',
  'left-the-game',
  'unknown-object',
  'not-awaited',
  'not-your-decision',
  'not-your-priority',
  'stack-not-empty',
  // Turn structure (driver helpers)
  'not-a-later-step',
  'step-skipped',
  'would-lose-drawing',
  // Declare attackers (CR 508)
  'attackers-already-declared',
  'duplicate-attacker',
  'not-on-battlefield',
  'not-a-creature',
  'not-your-creature',
  'tapped',
  'summoning-sick',
  'defender-cannot-attack',
  'illegal-attack-target',
  // Declare blockers (CR 509)
  'attackers-not-declared',
  'blockers-already-declared',
  'no-attackers',
  'duplicate-blocker',
  'not-attacking',
  'not-defending-player',
  'cannot-block-flying',
  'menace',
  // Combat damage (CR 510)
  'no-combat-damage-step',
  'illegal-assignment',
  // Lands, spells and abilities (CR 305, 601, 602, 702.170)
  'not-a-land',
  'land-already-played',
  'not-in-hand',
  'cannot-cast-land',
  'not-sorcery-timing',
  'illegal-target',
  'hexproof',
  'illegal-choice',
  'cannot-pay',
  'illegal-payment',
  'no-mana-cost',
  'not-your-permanent',
  'no-such-ability',
  'not-plotted',
  'not-plotted-yet',
  'not-your-card',
  'no-plot',
  'illegal-zone',
  // Effects from outside the game
  'illegal-amount',
  'already-in-exile',
] as const

export type RejectCode = (typeof REJECT_CODES)[number]

const KNOWN: ReadonlySet<string> = /* @__PURE__ */ new Set(REJECT_CODES)

export function isRejectCode(code: string): code is RejectCode {
  return KNOWN.has(code)
}
