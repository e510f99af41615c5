/** Templates the backend sends; each names what its `data` carries. */
export type MessageTemplate =
  | 'password_reset'
  | 'email_verification'
  | 'one_time_password'
  | 'order_confirmation'
  | 'staff_sign_in_code'
  | 'staff_invitation'
  | 'order_status'
  | 'staff_order_alert'
  | 'email_change_code'
  | 'email_changed'
  | 'forget_me_code'
  | 'account_forgotten'
  | 'referral_reward'
  | 'contact_request'
  | 'contact_acknowledgement'

/** One email or text to a shopper. */
export interface OutgoingMessage {
  businessId: number
  channel: 'email' | 'sms'
  /** An email address or an E.164 phone number. */
  to: string
  template: MessageTemplate
  data: Record<string, string | number | boolean | null>
  /**
   * Sends at most once per key (an effect's key, ADR 037): the local outbox keeps one row, the
   * HTTP provider gets it as `Idempotency-Key`.
   */
  idempotencyKey?: string
}
