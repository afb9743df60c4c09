/**
 * The engine's version as a run binds it: the version its records carry (the engine's version and
 * a hash of the card pool, `src/play/version.ts`). A queue run is played by one version only: a
 * worker of another would write other games.
 */
export { engineVersion } from '../../play/version.js'
