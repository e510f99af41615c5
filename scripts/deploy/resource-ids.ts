import type { ConfigurationProblem } from '../../worker/lib/deployment-config.ts'
import { bucketNameProblem, idProblem } from './cloudflare-ids.ts'
import type { WranglerEnvironment } from './wrangler-environment.ts'

/**
 * Every D1 database, KV namespace, R2 bucket and mTLS certificate of this environment whose id or
 * name is missing, a placeholder or made up, each with the command that prints the real one and
 * where it goes. Wrangler would otherwise fail half-way through a deploy, or (a missing id)
 * provision a new, empty resource of its own.
 */
export function resourceIdProblems(
  environment: string,
  config: WranglerEnvironment
): Array<ConfigurationProblem> {
  const table = (kind: string) => `[[env.${environment}.${kind}]]`
  const problems: Array<ConfigurationProblem> = []
  for (const database of config.d1_databases) {
    const name = database.database_name?.trim() ?? ''
    const label = `${database.binding} (D1 database${name ? ` ${name}` : ''})`
    if (name === '') {
      problems.push({
        name: database.binding,
        problem: `${label}: database_name is missing in ${table('d1_databases')}`,
      })
    }
    const why = idProblem(database.database_id, 'uuid')
    if (why !== null) {
      problems.push({
        name: database.binding,
        problem: `${label}: database_id ${why}; put the id \`npx wrangler d1 create ${name || '<name>'}\` prints into ${table('d1_databases')}`,
      })
    }
  }
  for (const namespace of config.kv_namespaces) {
    const why = idProblem(namespace.id, 'hex32')
    if (why !== null) {
      problems.push({
        name: namespace.binding,
        problem: `${namespace.binding} (KV namespace): id ${why}; put the id \`npx wrangler kv namespace create ${namespace.binding} --env ${environment}\` prints into ${table('kv_namespaces')}`,
      })
    }
  }
  for (const bucket of config.r2_buckets) {
    const why = bucketNameProblem(bucket.bucket_name)
    if (why !== null) {
      problems.push({
        name: bucket.binding,
        problem: `${bucket.binding} (R2 bucket): bucket_name ${why}; create the bucket with \`npx wrangler r2 bucket create <name>\` and name it in ${table('r2_buckets')}`,
      })
    }
  }
  for (const certificate of config.mtls_certificates) {
    const why = idProblem(certificate.certificate_id, 'uuid')
    if (why !== null) {
      problems.push({
        name: certificate.binding,
        problem: `${certificate.binding} (mTLS certificate): certificate_id ${why}; put the id \`npx wrangler mtls-certificate upload --cert <pem> --key <key> --name <name>\` prints into ${table('mtls_certificates')}`,
      })
    }
  }
  return problems
}
