#!/usr/bin/env node
/**
 * The one-line summary after `npm test`, from vitest's JSON report: passed and failed counts, and
 * whether the browser tests (test/browser/) really ran in Chromium or were skipped for want of one,
 * the same for the queue tests (redis-server) and
 * numpy's reading of `redzone export`'s arrays (python3-numpy).
 */
import { readFileSync } from 'node:fs'
import { join, sep } from 'node:path'

const report = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'test-results.json'), 'utf8'))
const browser = report.testResults
  .filter((file) => file.name.includes(`${sep}test${sep}browser${sep}`))
  .flatMap((file) => file.assertionResults)
const browserRan = browser.filter((t) => t.status === 'passed' || t.status === 'failed').length
const browserSkipped = browser.filter((t) => t.status === 'skipped' || t.status === 'pending').length

const queue = report.testResults
  .filter((file) => file.name.endsWith(`${sep}test${sep}selfplay${sep}queue.test.ts`))
  .flatMap((file) => file.assertionResults)
const queueRan = queue.filter((t) => t.status === 'passed' || t.status === 'failed').length
const queueSkipped = queue.filter((t) => t.status === 'skipped' || t.status === 'pending').length

const pythonTests = report.testResults
  .filter((file) => file.name.endsWith(`${sep}test${sep}python${sep}python.test.ts`))
  .flatMap((file) => file.assertionResults)
const pythonSkipped = pythonTests.some((t) => t.status === 'skipped' || t.status === 'pending')
const pythonRan = pythonTests.some((t) => t.status === 'passed' || t.status === 'failed')

const numpy = report.testResults
  .filter((file) => file.name.endsWith(`${sep}test${sep}cli${sep}export.test.ts`))
  .flatMap((file) => file.assertionResults)
  .filter((t) => t.title.startsWith('numpy loads'))
const numpyRan = numpy.filter((t) => t.status === 'passed' || t.status === 'failed').length
const numpySkipped = numpy.some((t) => t.status === 'skipped' || t.status === 'pending')

let line = `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed`
if (report.numPendingTests > 0) line += `, ${report.numPendingTests} skipped`
if (browserSkipped > 0) line += '; browser tests NOT run: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)'
else if (browserRan > 0) line += `; browser tests ran in Chromium (${browserRan})`
if (queueSkipped > 0) line += '; self-play queue tests NOT run: no redis-server found (apt-get install redis-server)'
else if (queueRan > 0) line += `; self-play queue tests ran on redis-server (${queueRan})`
if (pythonSkipped) line += '; Python tests NOT run: no /usr/bin/python3 with numpy and pytest (apt-get install python3-numpy python3-pytest)'
else if (pythonRan) line += '; Python tests (python/tests, pytest) ran'
if (numpySkipped) line += "; the numpy check of redzone export's arrays NOT run: no numpy (apt-get install python3-numpy)"
else if (numpyRan > 0) line += '; numpy read the exported arrays'
console.log(line)
