// The values an operator fills into a staging or production configuration, as the tests use
// them (test/support/workers/production-env.ts, test/unit/lib/deployment-config.test.ts): made up,
// but shaped like the real ones, so the configuration table takes them (ADR 036).

/** What an operator puts where the committed production configuration leaves a blank. */
export const OPERATOR_VALUES = {
  REALEX_MERCHANT_ID: 'grocerco',
  CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353',
  MAP_TILES_URL: 'https://tiles.mapprovider.net/{z}/{x}/{y}.png',
  MAP_TILES_ATTRIBUTION: '© Map Provider',
  TURNSTILE_SITE_KEY: '0x4AAAAAAABkMYinukE8nzY',
  MESSAGING_API_URL: 'https://api.grocer-mail.net/v1/messages',
} as const

/** `wrangler secret put` for each secret the production configuration needs. */
export const PRODUCTION_SECRETS = {
  SESSION_SECRET: 'Qm4v0yH7kq2Zr9Lw3Xc8Tn5Pb1Fs6Dg0Jh2Ka7Me4',
  AUTH_PEPPER: 'Vz8Rk3Nq6Wp1Ty4Ub7Ic0Od2Fe5Gf8Hg1Jh4Ki7Lj',
  REALEX_SHARED_SECRET: 'Hx2Jc5Kv8Lb1Zn4Xm7Cq0Wr3Et6Yu9Ia2Os5Pd8Fg',
  REALEX_REBATE_PASSWORD: 'rebate-Pw7Kd2Lq9Xz4',
  GEOCODER_API_KEY: 'ak_live_8f2c1d9e7b6a',
  CLOUDFLARE_API_TOKEN: 'cf_token_Yh3Jk6Lm9Np2Qr5St8',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAABkMYinukE8nzYs3cr3tK3y',
  MESSAGING_API_KEY: 'mk_live_5Tg8Yh1Uj4Ik7Ol0',
  ITERABLE_API_KEY: 'it_live_3Ed6Rf9Tg2Yh5Uj8',
} as const
