/**
 * Bytes a function allocates, garbage included, from V8's sampling heap profiler (through
 * `node:inspector`, whose calls answer synchronously in the same thread). A heap-size difference
 * can't tell: a scavenge during the run frees the garbage it is meant to count, and new space is
 * handed out in blocks. The profiler samples allocations (one per `SAMPLE_BYTES` on average, each
 * weighted to an unbiased estimate of the bytes behind it) with the stack of each; the samples
 * under the frame of `fence` are the run's. V8 records physical frames only (an inlined function
 * has none), so the run is called from a generator, which V8 never inlines: its frame is always
 * there, and the reset before it (called outside) never under it. Zero allocation gives zero
 * samples: exact there, an estimate elsewhere.
 */
import { Session } from 'node:inspector'

const SAMPLE_BYTES = 64

interface ProfileNode {
  callFrame: { functionName: string }
  selfSize: number
  children: ProfileNode[]
}

/** The frame the run's allocations are counted under (a generator: never inlined). */
function* fence(run: () => void): Generator<never, void> {
  run()
}

// Two functions of their own through the fence, alternately, before any run (enough calls that V8
// keeps the call's feedback: it starts collecting after a function's first few calls): its call
// of `run` is then megamorphic, so the optimizing compiler never inlines a run into the fence. An
// inlined run's allocations were the fence's own frame's, which no site counts: a closure that
// allocated an array a call read 0 once optimized (closures of one function keep a call
// inlinable; two functions don't).
const ONE = (): void => {}
const OTHER = (): number => 0
for (let i = 0; i < 100; i++) fence(i & 1 ? ONE : OTHER).next()

function post<T>(session: Session, method: string, params: object): T {
  let result: T | undefined
  let failure: Error | null = null
  session.post(method, params, (error, value) => {
    failure = error
    result = value as T
  })
  if (failure) throw failure
  if (result === undefined) throw new Error(`bench: the inspector did not answer ${method} synchronously`)
  return result
}

const nothing = (): void => {}
let fenceBytes: number | null = null

/**
 * The mean bytes `run` allocates per call over `times` calls, each after `reset` (not counted);
 * less what the fence itself allocates per call (its result object: measured once, the same way,
 * around a function that allocates nothing).
 */
export function allocatedBytes(times: number, reset: () => void, run: () => void): number {
  fenceBytes ??= sampled(2000, nothing, nothing)
  return sampled(times, reset, run) - fenceBytes
}

/** Where a run allocates: the innermost frames of a site (innermost last) and its mean bytes per call. */
export interface AllocationSite {
  frames: string[]
  bytes: number
}

/**
 * `allocatedBytes`' run, by site: the `depth` innermost frames of each allocation (V8 names the
 * physical frames only, so an inlined function's allocations are its caller's), the sites with
 * the most bytes first, at most `rows` of them. The fence's own bytes are not a site.
 */
export function allocationSites(times: number, reset: () => void, run: () => void, depth = 3, rows = 12): AllocationSite[] {
  const sites = new Map<string, AllocationSite>()
  sampled(times, reset, run, (stack, bytes) => {
    if (stack.length === 0) return
    const frames = stack.slice(-depth)
    const key = frames.join(' < ')
    const site = sites.get(key)
    if (site) site.bytes += bytes
    else sites.set(key, { frames, bytes })
  })
  return [...sites.values()]
    .map((site) => ({ frames: site.frames, bytes: site.bytes / times }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, rows)
}

/** The mean bytes per call of `run`; each sampled allocation under the fence also to `site` (the frames inside the fence, outermost first). */
function sampled(times: number, reset: () => void, run: () => void, site?: (stack: string[], bytes: number) => void): number {
  const session = new Session()
  session.connect()
  try {
    post(session, 'HeapProfiler.startSampling', { samplingInterval: SAMPLE_BYTES, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
    for (let i = 0; i < times; i++) {
      reset()
      fence(run).next()
    }
    const { profile } = post<{ profile: { head: ProfileNode } }>(session, 'HeapProfiler.stopSampling', {})
    let bytes = 0
    const walk = (node: ProfileNode, stack: string[] | null): void => {
      // `stack`: null outside the fence; inside, the frames below it (the run's closure and on).
      const inside = stack !== null ? [...stack, node.callFrame.functionName || '(anonymous)'] : node.callFrame.functionName === fence.name ? [] : null
      if (inside !== null) {
        bytes += node.selfSize
        if (node.selfSize > 0) site?.(inside, node.selfSize)
      }
      for (const child of node.children) walk(child, inside)
    }
    walk(profile.head, null)
    return bytes / times
  } finally {
    session.disconnect()
  }
}
