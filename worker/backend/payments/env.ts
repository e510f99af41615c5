import type { OrderBoardAdapters, PaymentAdapters } from '../adapters.ts'

/** The bindings and adapters payments run with (the backend's own, ADR 002). */
export type PaymentsEnv = Env &
  PaymentAdapters &
  OrderBoardAdapters & {
    /** The Realex account's rebate password (a secret; absent: Realex refunds are refused). */
    REALEX_REBATE_PASSWORD?: string
  }
