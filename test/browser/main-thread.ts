/**
 * The page's main-thread tasks from a Chromium trace (CDP `Tracing`, devtools.timeline): each
 * task's wall time and its thread time (CPU time on the renderer's main thread). A loaded machine
 * (other processes, the other test files running beside this one) stretches a task's wall time,
 * which is what a PerformanceObserver for long tasks reports; its thread time is the page's own work.
 */
import type { BrowserContext, Page } from 'playwright-core'

export interface MainThreadTasks {
  /** Tasks over 1 ms: wall and thread time in ms. */
  tasks: { wallMs: number; threadMs: number }[]
  longestWallMs: number
  longestThreadMs: number
}

interface TraceEvent {
  name: string
  ph: string
  ts?: number
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** Starts tracing `page`; the returned function stops and gives its main-thread tasks. */
export async function traceMainThread(context: BrowserContext, page: Page): Promise<() => Promise<MainThreadTasks>> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] },
  })
  return async () => {
    const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)))
    await cdp.send('Tracing.end')
    const handle = await done
    let text = ''
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 })
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data
      if (chunk.eof) break
    }
    await cdp.send('IO.close', { handle })
    await cdp.detach()
    const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[]
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
    const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
    const tasks = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && (e.dur ?? 0) > 1000)
      .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, threadMs: (e.tdur ?? e.dur ?? 0) / 1000 }))
    if (process.env['REDZONE_TRACE_DETAIL']) {
      const runs = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 6)
      for (const r of runs) {
        const inside = events.filter((e) => e.ph === 'X' && e.pid === r.pid && e.tid === r.tid && e !== r && (e.ts ?? 0) >= (r.ts ?? 0) && (e.ts ?? 0) < (r.ts ?? 0) + (r.dur ?? 0))
        const by = new Map<string, number>()
        for (const e of inside) by.set(e.name, (by.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000)
        console.log(`task ${((r.tdur ?? 0) / 1000).toFixed(1)} ms thread: ${[...by].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ')}`)
      }
    }
    return {
      tasks,
      longestWallMs: Math.max(0, ...tasks.map((t) => t.wallMs)),
      longestThreadMs: Math.max(0, ...tasks.map((t) => t.threadMs)),
    }
  }
}
