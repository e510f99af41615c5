import { BACKEND_CRONS } from '../../worker/cron-schedules.ts'
import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'

/*
 * Where the background work runs (ADR 046): the cron and the effects queue's consumers belong to
 * the backend Worker, beside the data; the storefront Worker only produces to the queue. A cron or
 * consumer left in wrangler.toml would run the jobs far from the database (or twice); one missing
 * from wrangler.backend.toml would run nothing: slot holds never lapse, effects never go out.
 */

/** The parts of a Worker's resolved environment this check reads, as wrangler gives them. */
export interface BackgroundWorkConfig {
  triggers?: { crons?: ReadonlyArray<string> | undefined } | undefined
  queues?:
    | {
        producers?: ReadonlyArray<{ binding: string; queue: string }> | undefined
        consumers?:
          ReadonlyArray<{ queue: string; dead_letter_queue?: string | undefined }> | undefined
      }
    | undefined
}

/** Every reason the cron and the effects queue's consumers are not where they belong. */
export function backgroundWorkProblems(
  environment: string,
  storefront: BackgroundWorkConfig,
  backend: BackgroundWorkConfig
): Array<ConfigurationProblem> {
  const problems: Array<ConfigurationProblem> = []
  const problem = (text: string) => problems.push({ name: 'BACKEND', problem: text })
  if ((storefront.triggers?.crons ?? []).length > 0) {
    problem(
      `wrangler.toml [env.${environment}.triggers] has crons; the cron runs in the backend Worker beside the data (wrangler.backend.toml), not the storefront`
    )
  }
  for (const { queue } of storefront.queues?.consumers ?? []) {
    problem(
      `wrangler.toml [[env.${environment}.queues.consumers]] consumes "${queue}"; the effects queue's consumers are the backend Worker's (wrangler.backend.toml)`
    )
  }
  const crons = backend.triggers?.crons ?? []
  const missingCrons = BACKEND_CRONS.filter((cron) => !crons.includes(cron))
  if (missingCrons.length > 0) {
    problem(
      `wrangler.backend.toml [env.${environment}.triggers] crons lack ${missingCrons.map((cron) => `"${cron}"`).join(', ')}; the scheduled jobs would never run`
    )
  }
  const effects = storefront.queues?.producers?.find(({ binding }) => binding === 'EFFECTS')?.queue
  if (effects === undefined) return problems
  const consumers = backend.queues?.consumers ?? []
  const deadLetters = `${effects}-dlq`
  const consumer = consumers.find(({ queue }) => queue === effects)
  if (!consumer) {
    problem(
      `wrangler.backend.toml [[env.${environment}.queues.consumers]] has no consumer of "${effects}"; no effect would ever run`
    )
  } else if (consumer.dead_letter_queue !== deadLetters) {
    problem(
      `wrangler.backend.toml's consumer of "${effects}" must send dead letters to "${deadLetters}", whose consumer marks the effect dead for operators`
    )
  }
  if (!consumers.some(({ queue }) => queue === deadLetters)) {
    problem(
      `wrangler.backend.toml [[env.${environment}.queues.consumers]] has no consumer of "${deadLetters}"; an effect that fails for good would never be shown to operators`
    )
  }
  return problems
}
