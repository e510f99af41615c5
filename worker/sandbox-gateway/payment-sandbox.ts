import { localFramesFetch } from './frames-local.ts'
import { recordSandboxAuthorisation, sandboxLedger, settleSandboxBatch } from './ledger-repo.ts'
import { sandboxRemoteFetcher } from './remote.ts'
import { spendSandboxWalletToken } from './wallets.ts'

/**
 * The local stand-ins for the payment providers, as one adapter: the composition root passes it
 * to createBackend (the backend's PaymentSandbox port, ADR 002), which uses it only in sandbox
 * mode with no provider configured.
 */
export const localPaymentSandbox = {
  framesFetch: localFramesFetch,
  remoteFetch: sandboxRemoteFetcher,
  recordAuthorisation: recordSandboxAuthorisation,
  settleBatch: settleSandboxBatch,
  ledger: sandboxLedger,
  spendWalletToken: spendSandboxWalletToken,
}
