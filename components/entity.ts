/** An entity id (a player, card or permanent): the index into every store. */
export type Eid = number
