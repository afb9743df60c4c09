import { KW_DEATHTOUCH } from '../../components/keywords.js'
import { T_CREATURE, T_PLANESWALKER } from '../../components/types.js'
import type { Eid } from '../core/events.js'
import type { GameWorld } from '../core/world.js'
import { internalError, RedzoneError } from '../core/errors.js'
import { Step } from '../core/steps.js'
import { resetDamagePlan } from '../core/damage-plan-store.js'
import { isPlayerAction, ACTION_TYPES, type Decision, type DecisionKind, type PlayerAction } from '../decisions/action.js'
import { checkActionShape } from '../decisions/action-shape.js'
import { legalActions, type LegalActions } from '../decisions/legal.js'
import { pendingDecision } from '../decisions/pending.js'
import { blockCountAllowed } from '../rules/combat/check-block.js'
import { cutTo } from '../core/lists.js'
import { lethalDamageNeeded, planFault, type ExplicitAssignment } from '../rules/combat/plan-combat-damage.js'
import { ACTION_ALT, ACTION_MULLIGAN, ACTION_SELECT, ACTION_SIZE, ACTION_SLOTS, ACTION_STOP, F, G, OBJECT_SIZE, OBJECT_SLOTS, OBS_SIZE, OFFSET, PLAYER_SLOTS } from './layout.js'
import { checkMaskPlace, checkObservationPlace, checkWorld } from './args.js'
import { Carve } from './carve.js'
import { describeValue } from '../core/limits.js'
import { fillSlots, type ObjectRows, SlotTable, writeObservation } from './observe.js'
import { D_ALL, D_DEFAULT, D_LETHAL_FIRST, Phase, PHASE_NAMES, V_ACTIVATE, V_CAST, V_PLAY, V_PLOT } from './builder-codes.js'

export type PhaseName = (typeof PHASE_NAMES)[number]

/** The phase a decision of `kind` is built in. A switch: a lookup by a varying key is a megamorphic keyed load. */
function phaseOf(kind: DecisionKind): Phase {
  switch (kind) {
    case 'priority':
      return Phase.Priority
    case 'declareAttackers':
      return Phase.Attacker
    case 'declareBlockers':
      return Phase.Blocker
    case 'assignDamage':
      return Phase.Damage
    case 'search':
    case 'discard':
    case 'bottom':
      return Phase.Pick
    case 'mulligan':
      return Phase.Mulligan
    case 'gameOver':
      return Phase.None
  }
}

/** An entry of an explicit damage assignment, as the builder fills it. */
type Entry = { creature: Eid; recipient: Eid; amount: number }

/** Entry `n` of `list`: `amount` of `creature`'s damage to `recipient`, its object `pool[n]` (reused); the next `n`. */
function putEntry(list: Entry[], pool: Entry[], n: number, creature: Eid, recipient: Eid, amount: number): number {
  const entry = (pool[n] ??= { creature: 0, recipient: 0, amount: 0 })
  entry.creature = creature
  entry.recipient = recipient
  entry.amount = amount
  list[n] = entry
  return n + 1
}

/** The list a kept action carries when it has no entries: a kept list cut to none would drop its storage, made again at its next use. */
const NONE: readonly never[] = []

/** A kept action's list: `list` cut to `n` entries (`cutTo`: its storage kept), or `NONE`. */
function listOf<T>(list: T[], n: number): readonly T[] {
  if (n === 0) return NONE
  cutTo(list, n)
  return list
}

type KeptKind = 'pass' | 'play' | 'plot' | 'cast' | 'activate' | 'mulligan' | 'keep' | 'declareAttackers' | 'declareBlockers' | 'assignDamage' | 'search' | 'discard' | 'bottom'
type KeptActions = { [K in KeptKind]: Extract<PlayerAction, { type: K }> }

/**
 * Turns the pending decision of a game into a sequence of integer choices over `ACTION_LAYOUT`,
 * each with a mask in which **every set action is legal**: the mask comes from `legalActions`
 * (the enumerator's checks), the whole-declaration checks (`blockCountAllowed`: each partial block
 * declaration stays completable, CR 509.1b-c, 702.111b) and the damage plan's own check
 * (`planCombatDamage`, 510.1). Whole declarations are made one object at a time: each attack
 * candidate in turn (what it attacks, or stop), each block candidate in turn (which attacker, or
 * stop), each attacker with a damage choice (default, lethal-first from a recipient, all to a
 * recipient), the cards of a search, discard or bottom one at a time, and a spell's or ability's
 * target as its own step. `apply` returns the `PlayerAction` once the decision is complete (for
 * `act`: the one gate, and records stay the one game log), null while it is being built.
 * Reads the game only.
 */
export class DecisionBuilder {
  /** The entity in each action slot, for the decider's observation. */
  readonly slots: SlotTable
  /**
   * 1 for each legal action of the current step. The builder's to write, a caller's to read only:
   * `apply` takes an index whose byte is 1 as one the builder allowed (the mask is its record of
   * them, not checked again: a byte a caller set builds an action from stale or no options, which
   * `act` may refuse or which may throw). Copy it (`maskInto`) to keep or change it.
   */
  readonly mask: Uint8Array
  /** How many actions the mask allows (0: the game is over). */
  get count(): number {
    return this.allowedCount
  }
  /** `count`, and the actions set in the mask (`allowed`'s first ones). */
  private allowedCount = 0
  /** The last allowed action found (the only one when `count` is 1). */
  only = -1
  private phaseId: Phase = Phase.None
  kind: DecisionKind = 'gameOver'
  /** The player who decides (0 when the game is over). */
  decider: Eid = 0
  private decisionCount = 0
  /** Counts `begin`s: a caller that wrote this decision's observation knows it by this number. */
  decisions = 0
  private legal: LegalActions | null = null
  private cursor = 0
  /** Per action index of the current step: the priority option or the entity it names. */
  private readonly option: Int32Array
  /** The actions set in the mask, the first `allowedCount` (`clearMask` zeroes them). */
  private readonly allowed: Int16Array
  /** Target phase: the priority option whose target is chosen, and whether its verb is the alternate one. */
  private pendingOption = 0
  private pendingAlternate = false
  /** Per candidate (attacker, blocker, damage dealer): the entity chosen, and the damage verb. */
  private choice: Int32Array
  private verb: Uint8Array
  /** Pick phase: the entities picked, and which slots hold them. */
  private picks: Int32Array
  private pickCount = 0
  private readonly picked: Uint8Array
  /** Blockers declared so far per attacker (by entity). */
  private blockCount: Int32Array
  // Matching scratch (blocks).
  private demand: Int32Array
  private matchOf: Int32Array
  private seen: Uint8Array
  /** The cards of a completed pick (search, discard, bottom): the kept actions' one list. */
  private readonly pickList: Eid[] = []
  /** The actions of the simple kinds `take` fills and returns, one object a kind, overwritten at its next call. */
  private readonly kept: KeptActions = {
    pass: { type: 'pass', player: 0 },
    play: { type: 'play', player: 0, card: 0 },
    plot: { type: 'plot', player: 0, card: 0 },
    cast: { type: 'cast', player: 0, card: 0, target: 0, plot: false },
    activate: { type: 'activate', player: 0, object: 0, ability: 'equip', target: 0 },
    mulligan: { type: 'mulligan', player: 0 },
    keep: { type: 'keep', player: 0 },
    declareAttackers: { type: 'declareAttackers', player: 0, attackers: [] },
    declareBlockers: { type: 'declareBlockers', player: 0, blockers: [] },
    assignDamage: { type: 'assignDamage', player: 0, assignments: [] },
    search: { type: 'search', player: 0, cards: this.pickList },
    discard: { type: 'discard', player: 0, cards: this.pickList },
    bottom: { type: 'bottom', player: 0, cards: this.pickList },
  }
  /** The kept declarations' lists (as in `kept` when they have entries: `listOf`), and their entries by index (kept when a list is cut). */
  private readonly attackList: { attacker: Eid; target: Eid }[] = this.kept.declareAttackers.attackers as { attacker: Eid; target: Eid }[]
  private readonly blockList: { blocker: Eid; attacker: Eid }[] = this.kept.declareBlockers.blockers as { blocker: Eid; attacker: Eid }[]
  private readonly attackEntries: { attacker: Eid; target: Eid }[] = []
  private readonly blockEntries: { blocker: Eid; attacker: Eid }[] = []
  private readonly assignList: Entry[] = this.kept.assignDamage.assignments as Entry[]
  private readonly assignEntries: Entry[] = []

  /**
   * `mask`: where the mask is kept (ACTION_SIZE bytes: a `VecEnv`'s row of its masks, read in
   * place), or its own. The arrays a step reads are carved from one allocation (`Carve`), sized
   * for the world's entities (more later are allocated apart).
   */
  constructor(
    private readonly world: GameWorld,
    mask?: Uint8Array,
  ) {
    checkWorld('DecisionBuilder', world)
    const entities = world.labels.length
    const carve = new Carve(SlotTable.bytes(entities) + Carve.bytes(mask ? 0 : ACTION_SIZE, ACTION_SIZE * 4, ACTION_SIZE * 2, 64 * 4, 64, 16 * 4, ACTION_SLOTS, entities * 4, 16 * 4, 64 * 4, 64))
    this.slots = new SlotTable(carve, entities)
    // A mask given is zeroed: from here only the bytes the builder sets are nonzero (`clearMask`).
    this.mask = mask === undefined ? carve.uint8(ACTION_SIZE) : mask.fill(0)
    this.option = carve.int32(ACTION_SIZE)
    this.allowed = carve.int16(ACTION_SIZE)
    this.choice = carve.int32(64)
    this.verb = carve.uint8(64)
    this.picks = carve.int32(16)
    this.picked = carve.uint8(ACTION_SLOTS)
    this.blockCount = carve.int32(entities)
    this.demand = carve.int32(16)
    this.matchOf = carve.int32(64)
    this.seen = carve.uint8(64)
  }

  /** The step of the decision being built (ACTION_LAYOUT.meanings: what each action means in it). */
  get phase(): PhaseName {
    return PHASE_NAMES[this.phaseId]
  }

  /** Starts on the pending decision (`legal`: its legal actions, and `decision` itself, when already at hand). */
  begin(legal?: LegalActions, pending?: Decision): void {
    const world = this.world
    const decision = pending ?? pendingDecision(world)
    const phase = phaseOf(decision.kind)
    // Checked before anything changes: a refused `begin` leaves the decision being built as it was.
    // An absent `legal` is asked for; null is a value (no legal actions), refused with the others.
    const options = phase === Phase.None ? null : legal === undefined ? legalActions(world) : legal
    if (phase !== Phase.None && (typeof options !== 'object' || options === null || options.kind !== decision.kind || options.player !== decision.player)) throw legalError(options, decision)
    this.decisions++
    this.kind = decision.kind
    this.decider = decision.player ?? 0
    this.decisionCount = decision.count
    this.phaseId = phase
    this.cursor = 0
    // Only a pick marks `picked` (one per card counted in `pickCount`).
    if (this.pickCount > 0) this.picked.fill(0)
    this.pickCount = 0
    if (options === null) {
      this.legal = null
      this.clearMask()
      return
    }
    this.legal = options
    fillSlots(world, this.decider, this.slots)
    const candidates = Math.max(options.attackers.length, options.blockers.length, options.damage.length)
    if (candidates > this.choice.length) {
      this.choice = new Int32Array(candidates * 2)
      this.verb = new Uint8Array(candidates * 2)
    }
    if (this.phaseId === Phase.Blocker) {
      if (this.blockCount.length < world.labels.length) this.blockCount = new Int32Array(world.labels.length)
      const attackers = world.roster.attackers
      for (let i = 0; i < attackers.length; i++) this.blockCount[attackers.items[i]!] = 0
      const n = options.blockers.length
      if (n > this.matchOf.length) {
        this.matchOf = new Int32Array(n * 2)
        this.seen = new Uint8Array(n * 2)
      }
    }
    if (this.phaseId === Phase.Pick && decision.count > this.picks.length) this.picks = new Int32Array(decision.count * 2)
    this.refresh()
  }

  /** Copies the mask into `out` at `offset` (ACTION_SIZE bytes). */
  maskInto(out: Uint8Array, offset = 0): void {
    checkMaskPlace('maskInto', out, offset, ACTION_SIZE)
    out.set(this.mask, offset)
  }

  /**
   * The decider's observation (`writeObservation`) with the progress of the choice being built:
   * the phase, the object in focus, what has been chosen so far.
   */
  observe(out: Float32Array, offset = 0): void {
    checkObservationPlace('observe', out, offset, OBS_SIZE)
    this.observeAt(out, offset, null, false)
  }

  /**
   * `observe` for a caller that owns the place written: `rows` as `writeObservation` takes it (and
   * the rows whose focus or chosen this sets); `progressOnly` when the place holds this decision's
   * observation already (a later step of the same decision: only the progress changes).
   */
  observeAt(out: Float32Array, offset: number, rows: ObjectRows | null, progressOnly: boolean): void {
    const world = this.world
    if (!progressOnly) {
      const viewer = this.decider === 0 ? world.playerOrder[0]! : this.decider
      if (this.decider === 0) fillSlots(world, viewer, this.slots)
      writeObservation(world, viewer, out, offset, this.slots, this.kind, this.decider === 0 ? null : this.decider, this.decisionCount, rows)
    } else {
      const g = offset + OFFSET.global
      out.fill(0, g + G.phase, g + G.remaining + 1)
      const objects = offset + OFFSET.objects
      if (rows !== null) rows.clearMarks(out, objects)
      else {
        for (let s = 0; s < OBJECT_SLOTS; s++) {
          out[objects + s * OBJECT_SIZE + F.focus] = 0
          out[objects + s * OBJECT_SIZE + F.chosen] = 0
        }
      }
    }
    if (this.phaseId !== Phase.None) this.writeProgress(out, offset, rows)
  }

  private mark(out: Float32Array, objects: number, rows: ObjectRows | null, eid: Eid, feature: number, value: number): void {
    const slot = this.slots.slot(eid)
    if (slot < PLAYER_SLOTS) return
    out[objects + slot * OBJECT_SIZE + feature] = value
    rows?.mark(slot - PLAYER_SLOTS, feature)
  }

  private refOf(eid: Eid): number {
    const slot = this.slots.slot(eid)
    return slot < 0 ? -1 : slot + 1
  }

  private writeProgress(out: Float32Array, offset: number, rows: ObjectRows | null): void {
    const legal = this.legal!
    const g = offset + OFFSET.global
    const objects = offset + OFFSET.objects - PLAYER_SLOTS * OBJECT_SIZE
    out[g + G.phase + this.phaseId - 1] = 1
    switch (this.phaseId) {
      case Phase.Target: {
        out[g + G.alternate] = this.pendingAlternate ? 1 : 0
        const i = this.pendingOption & 0xffff
        this.mark(out, objects, rows, this.pendingOption >>> 16 === V_CAST ? legal.cast[i]!.card : legal.activate[i]!.object, F.focus, 1)
        break
      }
      case Phase.Attacker:
      case Phase.Blocker:
      case Phase.Damage: {
        const n = this.phaseId === Phase.Attacker ? legal.attackers.length : this.phaseId === Phase.Blocker ? legal.blockers.length : legal.damage.length
        out[g + G.remaining] = (n - this.cursor - 1) / 10
        for (let c = 0; c <= this.cursor && c < n; c++) {
          const eid = this.phaseId === Phase.Attacker ? legal.attackers[c]!.attacker : this.phaseId === Phase.Blocker ? legal.blockers[c]!.blocker : legal.damage[c]!.creature
          if (c === this.cursor) this.mark(out, objects, rows, eid, F.focus, 1)
          else if (this.choice[c] !== 0) this.mark(out, objects, rows, eid, F.chosen, this.refOf(this.choice[c]!))
        }
        break
      }
      case Phase.Pick:
        out[g + G.picked] = this.pickCount / 10
        for (let i = 0; i < this.pickCount; i++) this.mark(out, objects, rows, this.picks[i]!, F.chosen, 1)
        break
    }
  }

  /**
   * Takes one allowed action: the `PlayerAction` when the decision is complete, else null (the
   * next step's mask is ready). An action outside the mask (as the builder wrote it: `mask`) is a
   * misuse (`RedzoneError`).
   */
  apply(index: number): PlayerAction | null {
    const action = this.take(index)
    if (action === null || action !== this.kept[action.type as KeptKind]) return action
    switch (action.type) {
      case 'declareAttackers':
        return { ...action, attackers: action.attackers.map((entry) => ({ ...entry })) }
      case 'declareBlockers':
        return { ...action, blockers: action.blockers.map((entry) => ({ ...entry })) }
      case 'assignDamage':
        return { ...action, assignments: action.assignments.map((entry) => ({ ...entry })) }
      case 'search':
        return { ...action, cards: action.cards && [...action.cards] }
      case 'discard':
      case 'bottom':
        return { ...action, cards: [...action.cards] }
      default:
        return { ...action }
    }
  }

  /**
   * `apply` without a new object for the simple kinds (pass, play, plot, cast, activate,
   * mulligan, keep), the declarations of attackers and blockers, the damage division and picks
   * (a declined search included): the builder's own, overwritten by the next call. For `VecEnv`, which hands it to `act` at once (the
   * gate keeps none of these: a declaration is read and dropped by its step before `act` returns);
   * reached as `builder['take']`.
   */
  private take(index: number): PlayerAction | null {
    if (!Number.isInteger(index) || index < 0 || index >= ACTION_SIZE || this.mask[index] !== 1) {
      // Only `apply` can pass a value that is not a whole number (`VecEnv.step` checks its actions first).
      if (!Number.isInteger(index)) throw new RedzoneError('invalid-argument', `apply: index: expected a whole number (an action index), got ${describeValue(index)}`)
      throw new RedzoneError('invalid-argument', `action ${index} is not allowed now (${this.kind}, phase ${this.phaseId}): choose an action whose mask is 1`)
    }
    const legal = this.legal!
    const player = this.decider
    const stop = index === ACTION_STOP
    switch (this.phaseId) {
      case Phase.Priority: {
        if (stop) return this.simple('pass', player)
        const option = this.option[index]!
        const verb = option >>> 16
        const i = option & 0xffff
        switch (verb) {
          case V_PLAY:
          case V_PLOT: {
            const action = this.simple(verb === V_PLAY ? 'play' : 'plot', player)
            action.card = (verb === V_PLAY ? legal.play : legal.plot)[i]!
            return action
          }
          case V_CAST: {
            const cast = legal.cast[i]!
            if (cast.targets.length === 0) return this.cast(player, cast.card, 0, cast.plot)
            break
          }
        }
        this.phaseId = Phase.Target
        this.pendingOption = option
        this.pendingAlternate = index >= ACTION_ALT
        this.refresh()
        return null
      }
      case Phase.Target: {
        const target = this.option[index]!
        const i = this.pendingOption & 0xffff
        if (this.pendingOption >>> 16 === V_CAST) {
          const cast = legal.cast[i]!
          return this.cast(player, cast.card, target, cast.plot)
        }
        const activate = legal.activate[i]!
        const action = this.simple('activate', player)
        action.object = activate.object
        action.ability = activate.ability
        action.target = target
        return action
      }
      case Phase.Attacker: {
        this.choice[this.cursor] = stop ? 0 : this.option[index]!
        if (++this.cursor < legal.attackers.length) return this.next()
        const list = this.attackList
        let n = 0
        for (let c = 0; c < legal.attackers.length; c++) {
          if (this.choice[c] === 0) continue
          const entry = (this.attackEntries[n] ??= { attacker: 0, target: 0 })
          list[n++] = entry
          entry.attacker = legal.attackers[c]!.attacker
          entry.target = this.choice[c]!
        }
        const action = this.simple('declareAttackers', player)
        action.attackers = listOf(list, n)
        return action
      }
      case Phase.Blocker: {
        const attacker = stop ? 0 : this.option[index]!
        this.choice[this.cursor] = attacker
        if (attacker !== 0) this.blockCount[attacker]!++
        if (++this.cursor < legal.blockers.length) return this.next()
        const list = this.blockList
        let n = 0
        for (let c = 0; c < legal.blockers.length; c++) {
          if (this.choice[c] === 0) continue
          const entry = (this.blockEntries[n] ??= { blocker: 0, attacker: 0 })
          list[n++] = entry
          entry.blocker = legal.blockers[c]!.blocker
          entry.attacker = this.choice[c]!
        }
        const action = this.simple('declareBlockers', player)
        action.blockers = listOf(list, n)
        return action
      }
      case Phase.Damage: {
        this.choice[this.cursor] = stop ? 0 : this.option[index]!
        this.verb[this.cursor] = stop ? D_DEFAULT : index >= ACTION_ALT ? D_ALL : D_LETHAL_FIRST
        if (++this.cursor < legal.damage.length) return this.next()
        const action = this.simple('assignDamage', player)
        action.assignments = this.explicitUpTo(legal.damage.length) ?? NONE
        return action
      }
      case Phase.Pick: {
        const kind = this.kind as 'search' | 'discard' | 'bottom'
        // CR 701.23: stop picking: the cards picked, none included (the search finds nothing and the library is still shuffled, 701.24);
        // the mulligan index before any pick: decline the search (a "you may" search; no shuffle).
        if (index === ACTION_MULLIGAN) {
          const action = this.simple('search', player)
          action.cards = null
          return action
        }
        if (!stop) {
          const card = this.option[index]!
          this.picks[this.pickCount++] = card
          this.picked[this.slots.slot(card)] = 1
          if (this.pickCount < this.decisionCount) return this.next()
        }
        // Stop is only offered in a search. The cards in the kept list (the gate reads them at once: a
        // search resolves, a discard or bottom is made, before `act` returns).
        const list = this.pickList
        for (let i = 0; i < this.pickCount; i++) list[i] = this.picks[i]!
        const action = this.simple(kind, player)
        action.cards = listOf(list, this.pickCount)
        return action
      }
      case Phase.Mulligan:
        return this.simple(index === ACTION_MULLIGAN ? 'mulligan' : 'keep', player)
      case Phase.None:
        break
    }
    throw internalError(`no action in phase ${this.phaseId}`)
  }

  /** The kept action of kind `kind` (`kept`), for `player`; its other fields are the caller's to set. */
  private simple<K extends KeptKind>(kind: K, player: Eid): KeptActions[K] {
    const action = this.kept[kind]
    action.player = player
    return action
  }

  private cast(player: Eid, card: Eid, target: Eid, plot: boolean): KeptActions['cast'] {
    const action = this.simple('cast', player)
    action.card = card
    action.target = target
    action.plot = plot
    return action
  }

  private next(): null {
    this.refresh()
    return null
  }

  private set(index: number, value: number): void {
    if (this.mask[index] === 1) throw internalError(`action ${index} names two options in phase ${this.phaseId}`)
    this.mask[index] = 1
    this.option[index] = value
    this.allowed[this.allowedCount++] = index
    this.only = index
  }

  /** Zeroes the mask: the bytes set (`allowed`), not all of them (the mask is the builder's alone to write). */
  private clearMask(): void {
    const mask = this.mask
    const allowed = this.allowed
    for (let k = 0; k < this.allowedCount; k++) mask[allowed[k]!] = 0
    this.allowedCount = 0
    this.only = -1
  }

  /** The action of the primary (or alternate) verb on an entity's slot, or -1 when it has none (beyond the slots). */
  private on(eid: Eid, alternate: boolean): number {
    const slot = this.slots.slot(eid)
    return slot < 0 ? -1 : (alternate ? ACTION_ALT : ACTION_SELECT) + slot
  }

  private setOn(eid: Eid, alternate: boolean, value: number): void {
    const index = this.on(eid, alternate)
    if (index >= 0) this.set(index, value)
  }

  private anySlot(entities: readonly Eid[]): boolean {
    for (const e of entities) if (this.slots.slot(e) >= 0) return true
    return false
  }

  /** Works out the mask of the current step. */
  private refresh(): void {
    this.clearMask()
    const legal = this.legal!
    switch (this.phaseId) {
      case Phase.Priority:
        this.set(ACTION_STOP, 0)
        for (let i = 0; i < legal.play.length; i++) this.setOn(legal.play[i]!, false, (V_PLAY << 16) | i)
        // An option with targets only where some target has a slot (the target step is never empty).
        for (let i = 0; i < legal.cast.length; i++) {
          const cast = legal.cast[i]!
          if (cast.targets.length === 0 || this.anySlot(cast.targets)) this.setOn(cast.card, false, (V_CAST << 16) | i)
        }
        for (let i = 0; i < legal.activate.length; i++) {
          const a = legal.activate[i]!
          if (this.anySlot(a.targets)) this.setOn(a.object, a.ability !== 'equip', (V_ACTIVATE << 16) | i)
        }
        for (let i = 0; i < legal.plot.length; i++) this.setOn(legal.plot[i]!, true, (V_PLOT << 16) | i)
        break
      case Phase.Target: {
        const i = this.pendingOption & 0xffff
        const targets = this.pendingOption >>> 16 === V_CAST ? legal.cast[i]!.targets : legal.activate[i]!.targets
        for (const t of targets) this.setOn(t, false, t)
        break
      }
      case Phase.Attacker: {
        this.set(ACTION_STOP, 0)
        for (const t of legal.attackers[this.cursor]!.targets) this.setOn(t, false, t)
        break
      }
      case Phase.Blocker: {
        if (this.completable(0)) this.set(ACTION_STOP, 0)
        for (const a of legal.blockers[this.cursor]!.attackers) if (this.on(a, false) >= 0 && this.completable(a)) this.setOn(a, false, a)
        break
      }
      case Phase.Damage:
        this.damageMask()
        break
      case Phase.Pick: {
        if (this.kind === 'search') {
          this.set(ACTION_STOP, 0)
          if (this.pickCount === 0) this.set(ACTION_MULLIGAN, 0)
        }
        for (const card of legal.cards) {
          const slot = this.slots.slot(card)
          if (slot >= 0 && this.picked[slot] === 0) this.set(ACTION_SELECT + slot, card)
        }
        break
      }
      case Phase.Mulligan:
        this.set(ACTION_STOP, 0)
        if (legal.mulligan) this.set(ACTION_MULLIGAN, 0)
        break
      case Phase.None:
        break
    }
  }

  /**
   * CR 509.1b-c, 702.111b: whether, once the current block candidate blocks `attacker` (0: none),
   * the candidates after it can still complete a legal declaration: every attacker whose count
   * of blockers is not one it may end with (`blockCountAllowed`) gets the fewest more blockers that
   * make it one, each from a different later candidate that can block it (a bipartite matching).
   */
  private completable(attacker: Eid): boolean {
    const world = this.world
    const blockers = this.legal!.blockers
    if (attacker !== 0) this.blockCount[attacker]!++
    let demands = 0
    let ok = true
    const attackers = world.roster.attackers
    for (let i = 0; ok && i < attackers.length; i++) {
      const a = attackers.items[i]!
      const count = this.blockCount[a]!
      if (blockCountAllowed(world, a, count)) continue
      let available = 0
      for (let c = this.cursor + 1; c < blockers.length; c++) if (blockers[c]!.attackers.includes(a)) available++
      let more = 1
      while (more <= available && !blockCountAllowed(world, a, count + more)) more++
      if (more > available) ok = false
      else {
        if (demands + more > this.demand.length) {
          const grown = new Int32Array((demands + more) * 2)
          grown.set(this.demand)
          this.demand = grown
        }
        for (let k = 0; k < more; k++) this.demand[demands++] = a
      }
    }
    if (ok && demands > 0) ok = this.matchAll(demands)
    if (attacker !== 0) this.blockCount[attacker]!--
    return ok
  }

  /** Kuhn's matching: each demand (an attacker) gets its own later block candidate that can block it. */
  private matchAll(demands: number): boolean {
    const blockers = this.legal!.blockers
    this.matchOf.fill(-1)
    for (let d = 0; d < demands; d++) {
      this.seen.fill(0)
      if (!this.augment(d, blockers)) return false
    }
    return true
  }

  private augment(d: number, blockers: LegalActions['blockers']): boolean {
    const a = this.demand[d]!
    for (let c = this.cursor + 1; c < blockers.length; c++) {
      if (this.seen[c] || !blockers[c]!.attackers.includes(a)) continue
      this.seen[c] = 1
      const holder = this.matchOf[c]!
      if (holder < 0 || this.augment(holder, blockers)) {
        this.matchOf[c] = d
        return true
      }
    }
    return false
  }

  /**
   * CR 510.1: the divisions offered to the attacker in focus, each checked with the damage plan
   * (`planFault`: `planCombatDamage`, as `act` checks an assignment, with no message) together with the divisions chosen before
   * it and the default for those after: default (always legal, by that check at every earlier
   * step), lethal-first from each recipient, all to each recipient.
   */
  private damageMask(): void {
    const world = this.world
    const entry = this.legal!.damage[this.cursor]!
    this.set(ACTION_STOP, 0)
    const kind = world.turn.step === Step.FirstStrikeDamage ? 'first' : 'regular'
    for (let r = 0; r < entry.recipients.length; r++) {
      const recipient = entry.recipients[r]!
      for (let verb = 0; verb < 2; verb++) {
        const alternate = verb === 1
        const index = this.on(recipient, alternate)
        if (index < 0) continue
        this.choice[this.cursor] = recipient
        this.verb[this.cursor] = alternate ? D_ALL : D_LETHAL_FIRST
        const explicit = this.explicitUpTo(this.cursor + 1)
        const ok = planFault(world, kind, explicit) === 0
        resetDamagePlan(world.plan)
        if (ok) this.set(index, recipient)
      }
    }
    this.choice[this.cursor] = 0
    this.verb[this.cursor] = D_DEFAULT
  }

  /**
   * The explicit assignment of the damage candidates before `end` (null: every one by default):
   * each explicit division's entries in order, in the kept action's list (`assignList`), refilled
   * at each call: read it before the next (the damage plan's check and `act` keep nothing of it).
   */
  private explicitUpTo(end: number): ExplicitAssignment | null {
    let n = 0
    for (let c = 0; c < end; c++) {
      if (this.verb[c] !== D_DEFAULT) n = this.divide(c, this.verb[c]!, this.choice[c]!, this.assignList, this.assignEntries, n)
    }
    return n === 0 ? null : listOf(this.assignList, n)
  }

  /**
   * The division of damage candidate `c` by `verb` from recipient `first`: all to `first`, or
   * lethal damage to `first`, then to the others in order (a player takes all that is left), the
   * rest to `first`. As entries of `list` from `n` (objects from `pool`): the next `n`.
   */
  private divide(c: number, verb: number, first: Eid, list: Entry[], pool: Entry[], n: number): number {
    const world = this.world
    const { creature, amount, recipients } = this.legal!.damage[c]!
    if (verb === D_ALL) return putEntry(list, pool, n, creature, first, amount)
    const start = n
    resetDamagePlan(world.plan)
    const deathtouch = (world.kw.effective[creature]! & KW_DEATHTOUCH) !== 0
    let rest = amount
    for (let k = -1; k < recipients.length && rest > 0; k++) {
      const r = k < 0 ? first : recipients[k]!
      if (k >= 0 && r === first) continue
      const types = world.types.mask[r]!
      const give = world.players.isPlayer[r] ? rest : types & T_CREATURE ? Math.min(rest, lethalDamageNeeded(world, r, deathtouch)) : types & T_PLANESWALKER ? Math.min(rest, Math.max(0, world.stats.loyalty[r]!)) : 0
      if (give > 0) {
        n = putEntry(list, pool, n, creature, r, give)
        rest -= give
      }
    }
    if (rest > 0) {
      let at = start
      while (at < n && list[at]!.recipient !== first) at++
      if (at < n) list[at]!.amount += rest
      else n = putEntry(list, pool, n, creature, first, rest)
    }
    return n
  }

  /**
   * The masked choices that build `action` from the start of the pending decision (call it right
   * after `begin`), or null when the encoding can't express it: an object beyond its section's
   * slots, a damage division it doesn't offer. The choices are checked by `apply` as they are taken.
   */
  indicesOf(action: PlayerAction): number[] | null {
    // A wrong shape (null, a missing list) is misuse, not an action the encoding can't express.
    checkActionShape(action)
    if (!isPlayerAction(action)) throw new RedzoneError('invalid-argument', `indicesOf: action.type: expected a player's action (one of ${ACTION_TYPES.join(', ')}), got ${JSON.stringify((action as { type: unknown }).type)}`)
    const legal = this.legal
    if (legal === null || action.player !== this.decider || this.cursor !== 0 || this.pickCount !== 0) return null
    const out: number[] = []
    const push = (index: number): boolean => {
      out.push(index)
      return index >= 0
    }
    switch (action.type) {
      case 'pass':
        return this.phaseId === Phase.Priority ? [ACTION_STOP] : null
      case 'play':
        return push(this.on(action.card, false)) ? out : null
      case 'plot':
        return push(this.on(action.card, true)) ? out : null
      case 'cast': {
        const option = legal.cast.find((c) => c.card === action.card && c.plot === (action.plot ?? false))
        if (!option || !push(this.on(action.card, false))) return null
        if (option.targets.length > 0 && !push(this.on(action.target ?? 0, false))) return null
        return out
      }
      case 'activate':
        return push(this.on(action.object, action.ability !== 'equip')) && push(this.on(action.target, false)) ? out : null
      case 'declareAttackers': {
        if (action.attackers.some((a) => !legal.attackers.some((o) => o.attacker === a.attacker))) return null
        for (const o of legal.attackers) {
          const declared = action.attackers.find((a) => a.attacker === o.attacker)
          if (!push(declared ? this.on(declared.target, false) : ACTION_STOP)) return null
        }
        return out
      }
      case 'declareBlockers': {
        if (action.blockers.some((b) => !legal.blockers.some((o) => o.blocker === b.blocker))) return null
        for (const o of legal.blockers) {
          const declared = action.blockers.find((b) => b.blocker === o.blocker)
          if (!push(declared ? this.on(declared.attacker, false) : ACTION_STOP)) return null
        }
        return out
      }
      case 'assignDamage': {
        if (action.assignments.some((a) => !legal.damage.some((d) => d.creature === a.creature))) return null
        const sums = (entries: readonly { recipient: Eid; amount: number }[]): string =>
          [...entries.reduce((m, e) => m.set(e.recipient, (m.get(e.recipient) ?? 0) + e.amount), new Map<Eid, number>())].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]).join(';')
        for (let c = 0; c < legal.damage.length; c++) {
          const { creature, recipients } = legal.damage[c]!
          const given = action.assignments.filter((a) => a.creature === creature)
          if (given.length === 0) {
            out.push(ACTION_STOP)
            continue
          }
          const want = sums(given)
          let found = -1
          for (const r of recipients) {
            for (const verb of [D_LETHAL_FIRST, D_ALL]) {
              if (found >= 0) continue
              // A division in a list of its own (not the kept action's, which `action` may be).
              const division: Entry[] = []
              this.divide(c, verb, r, division, [], 0)
              if (sums(division) === want) found = this.on(r, verb === D_ALL)
            }
          }
          if (!push(found)) return null
        }
        return out
      }
      case 'search':
      case 'discard':
      case 'bottom': {
        if (this.kind !== action.type) return null
        if (action.cards === null) return this.kind === 'search' ? [ACTION_MULLIGAN] : null
        for (const card of action.cards) if (!push(this.on(card, false))) return null
        if (action.cards.length < this.decisionCount) out.push(ACTION_STOP)
        return out
      }
      case 'mulligan':
        return this.phaseId === Phase.Mulligan ? [ACTION_MULLIGAN] : null
      case 'keep':
        return this.phaseId === Phase.Mulligan ? [ACTION_STOP] : null
    }
  }
}

/** Why `begin`'s `legal` is refused: not the legal actions of the pending decision. */
function legalError(legal: unknown, decision: Decision): RedzoneError {
  const l = legal as { kind?: unknown; player?: unknown } | null
  const got = typeof legal === 'object' && l !== null ? `those of a ${String(l.kind)} decision of player ${String(l.player)}` : describeValue(legal)
  return new RedzoneError('invalid-argument', `begin: legal: expected the legal actions of the pending ${decision.kind} decision of player ${String(decision.player)} (legalActions(world)), got ${got}`)
}
