import type { BackgroundWorkConfig } from './background-work.ts'

/*
 * The parts of one wrangler environment's resolved configuration the deploy preflight reads, in
 * the shape wrangler's own reader (`unstable_readConfig`) gives them: scripts/deploy.ts passes
 * wrangler's object straight in, and the tests build plain objects of the same shape.
 */

export type WranglerRoute =
  string | { pattern: string; zone_id?: string; zone_name?: string; custom_domain?: boolean }

export interface WranglerEnvironment {
  name?: string | undefined
  vars: Readonly<Record<string, unknown>>
  routes?: ReadonlyArray<WranglerRoute> | undefined
  d1_databases: ReadonlyArray<{
    binding: string
    database_name?: string
    database_id?: string
    migrations_dir?: string
  }>
  kv_namespaces: ReadonlyArray<{ binding: string; id?: string }>
  r2_buckets: ReadonlyArray<{ binding: string; bucket_name?: string }>
  durable_objects: { bindings: ReadonlyArray<{ name: string }> }
  ratelimits: ReadonlyArray<{ name: string }>
  mtls_certificates: ReadonlyArray<{ binding: string; certificate_id?: string }>
  services?: ReadonlyArray<{ binding: string; service?: string | undefined }> | undefined
  triggers?: BackgroundWorkConfig['triggers']
  queues?: BackgroundWorkConfig['queues']
}

export interface NamedBinding {
  /** What wrangler.toml calls the table, as a reader searches the file for it. */
  kind:
    | 'd1_databases'
    | 'kv_namespaces'
    | 'r2_buckets'
    | 'durable_objects'
    | 'ratelimits'
    | 'mtls_certificates'
    | 'services'
  name: string
}

/** Every binding the Worker's env will hold in this environment, vars and secrets aside. */
export function bindingsOf(config: WranglerEnvironment): Array<NamedBinding> {
  return [
    ...config.d1_databases.map(({ binding }) => ({ kind: 'd1_databases' as const, name: binding })),
    ...config.kv_namespaces.map(({ binding }) => ({
      kind: 'kv_namespaces' as const,
      name: binding,
    })),
    ...config.r2_buckets.map(({ binding }) => ({ kind: 'r2_buckets' as const, name: binding })),
    ...config.durable_objects.bindings.map(({ name }) => ({
      kind: 'durable_objects' as const,
      name,
    })),
    ...config.ratelimits.map(({ name }) => ({ kind: 'ratelimits' as const, name })),
    ...config.mtls_certificates.map(({ binding }) => ({
      kind: 'mtls_certificates' as const,
      name: binding,
    })),
    ...(config.services ?? []).map(({ binding }) => ({ kind: 'services' as const, name: binding })),
  ]
}

/**
 * Only what the preflight reads, as plain JSON: wrangler's resolved config also holds paths,
 * build settings and symbols, and the tests receive this through a Workers binding.
 */
export function wranglerEnvironmentOf(config: WranglerEnvironment): WranglerEnvironment {
  return {
    name: config.name,
    vars: config.vars,
    routes: config.routes,
    d1_databases: config.d1_databases,
    kv_namespaces: config.kv_namespaces,
    r2_buckets: config.r2_buckets,
    durable_objects: { bindings: config.durable_objects.bindings },
    ratelimits: config.ratelimits,
    mtls_certificates: config.mtls_certificates,
    services: config.services,
    triggers: config.triggers,
    queues: config.queues,
  }
}
