/** The edition of the Comprehensive Rules every `CR ...` reference in this project cites. */
export const RULES_EDITION =
  'Magic: The Gathering Comprehensive Rules as amended for Magic: The Gathering Foundations (November 2024)'
