import { cruise, type IViolation } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/*
 * No import cycle between files nor between backend domains (ADR 038): the rules are
 * .dependency-cruiser.cjs's, run by dependency-cruiser in Node (it reads the sources, so this is
 * not a Workers-pool test).
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Cycles known and left for now, each as the test prints it. The list only shrinks: a cycle that
 * is gone must leave it too.
 */
const KNOWN_CYCLES: ReadonlyArray<string> = []

/** A cycle as one line, starting from its smallest member, so each is listed once. */
function cycleOf(violation: IViolation): string {
  const members = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]
  const ring = members.at(-1) === violation.from ? members.slice(0, -1) : members
  const start = ring.indexOf([...ring].sort()[0] ?? '')
  const rotated = [...ring.slice(start), ...ring.slice(0, start)]
  return `${violation.rule.name}: ${[...rotated, rotated[0]].join(' → ')}`
}

it('finds no import cycle between files or backend domains', { timeout: 60_000 }, async () => {
  process.chdir(root)
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs')
  const result = await cruise(['worker/backend'], options, undefined, {
    tsConfig: extractTSConfig('tsconfig.worker.json'),
  })
  if (typeof result.output === 'string') throw new Error('expected the cruise result as data')
  const cycles = [...new Set(result.output.summary.violations.map(cycleOf))].sort()
  const unexpected = cycles.filter((cycle) => !KNOWN_CYCLES.includes(cycle))
  const gone = KNOWN_CYCLES.filter((cycle) => !cycles.includes(cycle))
  expect(unexpected, `import cycles:\n${unexpected.join('\n')}`).toEqual([])
  expect(gone, 'cycles no longer found: take them off KNOWN_CYCLES').toEqual([])
})
