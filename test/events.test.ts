/**
 * The emitter's `listening` flag: hot loops skip building events when nobody listens, so the
 * flag must follow every way of subscribing and unsubscribing that eventemitter3 offers.
 */
import { describe, expect, it } from 'vitest'
import { createEmitter } from '../src/core/events.js'

describe('GameEmitter.listening', () => {
  it('is false with no listener and true with one, for on, addListener and once', () => {
    for (const subscribe of ['on', 'addListener', 'once'] as const) {
      const events = createEmitter()
      expect(events.listening).toBe(false)
      events[subscribe]('damageDealt', () => {})
      expect(events.listening, subscribe).toBe(true)
    }
  })

  it('is false again after off, removeListener, removeAllListeners and a once that fired', () => {
    const fn = (): void => {}
    const a = createEmitter()
    a.on('damageDealt', fn)
    a.off('damageDealt', fn)
    expect(a.listening).toBe(false)
    const b = createEmitter()
    b.addListener('creatureDied', fn)
    b.removeListener('creatureDied', fn)
    expect(b.listening).toBe(false)
    const c = createEmitter()
    c.on('damageDealt', fn)
    c.on('creatureDied', fn)
    c.removeAllListeners()
    expect(c.listening).toBe(false)
    const d = createEmitter()
    d.once('lifeChanged', fn)
    d.emit('lifeChanged', 1, -2, 18, '120.3')
    expect(d.listening).toBe(false)
  })

  it('stays true while another event still has a listener', () => {
    const fn = (): void => {}
    const events = createEmitter()
    events.on('damageDealt', fn)
    events.on('creatureDied', fn)
    events.off('damageDealt', fn)
    expect(events.listening).toBe(true)
  })
})
