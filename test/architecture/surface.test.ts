/**
 * The public surface, entry by entry: every name each package entry exports, values (run-time
 * names) and types. A new export, or one removed, is a deliberate diff of this file: each name is
 * a promise to users. `redzone` (what a client needs) keeps to at most 60 run-time names.
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENTRIES, surfaces, type EntryName } from './surface-names.js'

const root = resolve(import.meta.dirname, '../..')

const EXPECTED: Record<EntryName, { values: string[]; types: string[] }> = {
  'redzone': {
    values: [
      'ACTION_TYPES', 'CARD_POOL', 'CARD_TEXT', 'DECKS', 'EFFECT_TYPES', 'EVENT_FIELDS', 'EVENT_NAMES', 'Game', 'KEYWORD_NAMES',
      'LIMITS', 'REDZONE_ERROR_CODES', 'REJECT_CODES', 'RULES_EDITION', 'RedzoneError', 'STATE_FORMAT',
      'STEP_NAMES', 'TYPE_NAMES', 'ZONE_NAMES', 'checkPosition', 'checksum', 'clientState', 'createGame', 'drive', 'gameState', 'legalActions',
      'formatManaCost', 'fromBinary', 'fromJSON', 'isPlayerAction', 'isRejectCode', 'manaValue', 'onEvent',
      'parseManaCost', 'restore', 'snapshot', 'toBinary', 'toJSON',
    ],
    types: [
      'Action', 'ActionResult', 'ActionType', 'ActivateOption', 'AttackOption', 'BlockOption', 'CardDefinition',
      'CardTypeName', 'CastOption', 'ClientEvent', 'ClientObject', 'ClientPlayer', 'ClientStackItem',
      'ClientState', 'Color', 'CountName', 'CountRange', 'DamageOption', 'DeathReason', 'Decision', 'DecisionKind',
      'EffectType', 'Eid', 'EnchantQuality', 'GameDriver', 'GameEventName', 'GameEvents', 'GameState',
      'GrantedCharacteristics', 'InputIssue', 'KeywordName', 'KeywordSpec', 'LegalActions', 'LegalState',
      'LossReason', 'ManaCost', 'ManaSymbol', 'ObjectSpec', 'ObjectState', 'OutsideEffect', 'PlayerAction',
      'Position', 'PositionIssue', 'RedzoneErrorCode', 'RejectCode', 'Rejection', 'RuleViolation', 'SearchSpec',
      'SpellSpec', 'StateDocument', 'StepName', 'TriggerSpec', 'Snapshot', 'ZoneName',
    ],
  },
  'redzone/sim': {
    values: [
      'DECK_NAMES', 'DECK_RULES', 'DEFAULT_MAX_STEPS', 'GameTable', 'Rng', 'SEATS', 'act', 'createDeckGame',
      'deckCards', 'deckIssues', 'deckPosition', 'decodeAction', 'encodeAction', 'engineVersion', 'forcedAction', 'heuristicAction',
      'heuristicAgent', 'legalActions', 'mixSeed', 'parseDeckList', 'passIfForced', 'pendingDecision', 'playGame', 'randomAction',
      'randomAgent', 'replay', 'restore', 'searchAgent', 'searchAgentFactory', 'snapshot', 'viewOf', 'winnerOf',
      'worldOf',
    ],
    types: [
      'Agent', 'AgentFactory', 'DeckEntry', 'DeckList', 'DeckSpec', 'GameEndReason', 'GameRecord', 'GameView', 'LegalActions', 'PlayOptions',
      'SearchOptions', 'World', 'Snapshot',
    ],
  },
  'redzone/rl': {
    values: [
      'ACTION_LAYOUT', 'ACTION_SIZE', 'DecisionBuilder', 'OBS_LAYOUT', 'OBS_SIZE', 'OBS_VERSION', 'VecEnv', 'envSeed', 'observe',
    ],
    types: [
      'ActionLayout', 'FeatureKind', 'ObsFeature', 'ObsLayout', 'ObsSection', 'Opponent', 'PhaseName', 'VecEnvOptions', 'VecEnvStats',
    ],
  },
  'redzone/scenario': {
    values: [
      'compareExpect', 'loadScenario', 'runScenario',
    ],
    types: [
      'ActionOutcome', 'LoadResult', 'Scenario', 'ScenarioAction', 'ScenarioExpect', 'ScenarioIssue',
      'ScenarioResult', 'ScenarioRun',
    ],
  },
  'redzone/node': {
    values: [
      'benchSelfPlay', 'checkScenarioFile', 'exportGames', 'loadScenarioFile', 'readDeckFile', 'runSelfPlay', 'scenarioFiles',
    ],
    types: [
      'CheckOutcome', 'ExportGamesOptions', 'ExportGamesResult', 'FileLoad', 'SelfPlayBenchOptions', 'SelfPlayBenchResult', 'SelfPlayOptions',
      'SelfPlaySummary',
    ],
  },
  'redzone/worker': {
    values: [
      'AGENT_NAMES', 'RedzoneError', 'createRemoteGame', 'exposeGame',
    ],
    types: [
      'ActionResult', 'AgentName', 'AgentRun', 'ClientEvent', 'ClientState', 'DeckGameSource', 'DeckSpec', 'Decision',
      'GameSource', 'GameState', 'InputIssue', 'LegalActions', 'MessageEndpoint', 'PlayerAction', 'Position',
      'RedzoneErrorCode', 'RemoteDriver', 'RemoteGame', 'RunAgentsOptions', 'StateDocument', 'WorkerCommand', 'WorkerScope',
    ],
  },
  'redzone/internal': {
    values: [
      'Artifact', 'Await', 'Card', 'Creature', 'Deathtouch', 'Defender', 'DoubleStrike', 'ENTITY_STORES',
      'Enchant', 'Enchantment', 'Equip', 'FirstStrike', 'Flash', 'Flying', 'GameView', 'Haste', 'Hexproof',
      'Indestructible', 'Instant', 'Land', 'Lifelink', 'Menace', 'Planeswalker', 'Player', 'Plot', 'Reach',
      'SCHEDULE', 'Sorcery', 'Step', 'Trample', 'TrampleOverPlaneswalkers', 'Vigilance', 'Zone',
      'activateAndResolve', 'addCard', 'addPlayer', 'buildBoard', 'buildPosition', 'castAndResolve',
      'checkStateBasedActions', 'createGameWorld', 'ensureCapacity', 'gameOfBuilt', 'generateBoard',
      'generateBoardSpec', 'isStepSkipped', 'keywordBit', 'keywordMask', 'keywordNames', 'lethalDamageNeeded',
      'planCombatDamage', 'restoreWorld', 'snapshotWorld', 'specialWhenPriority', 'stateColumns', 'stateLayout',
      'stateToBinary', 'stateToJson', 'stepByName', 'typeBit', 'walkTo', 'walkToAttack', 'walkToBlock',
      'walkToDamage', 'worldDigest', 'worldFromBinary', 'worldFromJson', 'worldOf',
    ],
    types: [
      'AttackDeclaration', 'AwaitKind', 'BlockDeclaration', 'BoardOptions', 'BoardSpec', 'BuiltPosition',
      'CardSpec', 'DamageStepKind', 'ExplicitAssignment', 'GameContext', 'GameWorld', 'GeneratedBoard',
      'ParameterizedKeyword', 'ScheduledStep', 'StepId', 'System', 'ZoneId',
    ],
  },
}

describe('the public surface (package.json exports)', () => {
  const declared = surfaces(root)

  for (const entry of Object.keys(ENTRIES) as EntryName[]) {
    it(`${entry}: exactly the listed run-time names`, async () => {
      const module = (await import(resolve(root, ENTRIES[entry]))) as Record<string, unknown>
      expect(Object.keys(module).sort()).toEqual([...EXPECTED[entry].values].sort())
    })

    it(`${entry}: exactly the listed types`, () => {
      const values = new Set(EXPECTED[entry].values)
      const types = [...declared[entry].values, ...declared[entry].types].filter((n) => !values.has(n)).sort()
      expect(types).toEqual([...EXPECTED[entry].types].sort())
    })
  }

  it('redzone keeps to at most 60 run-time names', () => {
    expect(EXPECTED.redzone.values.length).toBeLessThanOrEqual(60)
  })

  it('no public type names the world: GameWorld and GameContext are only in redzone/internal', () => {
    for (const entry of Object.keys(ENTRIES) as EntryName[]) {
      if (entry === 'redzone/internal') continue
      expect([...EXPECTED[entry].values, ...EXPECTED[entry].types]).not.toContain('GameWorld')
      expect([...EXPECTED[entry].values, ...EXPECTED[entry].types]).not.toContain('GameContext')
    }
  })
})
