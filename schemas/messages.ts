import { fillMessage } from './message-format.ts'
import { PAGE_MESSAGES } from './page-messages.ts'

/**
 * Every user-facing message of the specification (§5 validation rules, §8 error catalogue), word for
 * word. The UI and the API both take their text from here; `%s` is filled by {@link formatMessage}.
 */
export const MESSAGES = {
  // Store search
  postcodeRequired: 'Please enter a valid postcode',
  postcodeInvalid: '%s is not a valid postcode',
  postcodeProvide: 'Please provide a valid postcode',
  addressInvalid: 'Not a valid address',
  locationNotFound: 'Unable to find location',
  addressInfoFailed: 'Unable to get address info, try another address.',
  // Device location
  deviceLocationPostcode: 'Unable to find your location, try manually adding your postcode',
  deviceLocationAddress: 'Unable to find your location, try manually adding your address',
  deviceLocationNoMatch:
    'Sorry, no matching locations for your detected location. Please try entering your address.',
  // Catalogue
  searchTermTooShort: 'The search term needs to be at least two characters.',
  quantityRequired: 'Please enter the quantity.',
  ageRestricted: 'You must be at least %s to purchase this item',
  // Basket
  updateItemFailed: 'Unable to update item',
  addItemFailed: 'Unable to add item to basket',
  basketStoreClosed: 'Unable to view basket as the store is closed',
  itemLimitReached: 'Item limit has been reached',
  basketLimitReached: 'Basket limit has been reached',
  basketLimitExceeded: 'This will go over your basket limit',
  basketPricesChanged: 'Please check your basket as promotions/prices may have changed.',
  addItemsFailed: 'There was an error adding your items to the basket',
  itemUnavailable: 'Item is no longer available.',
  updateQuantityFailed: 'There was an error updating basket item quantity.',
  removeItemFailed: 'There was an error removing item from basket.',
  removeCouponFailed: 'There was an error removing coupon from basket.',
  basketOverwrite:
    'You are about to overwrite your basket. Are you sure you would like to proceed?',
  couponFailed: 'An error occurred',
  // Checkout and payment
  checkoutDetailsFailed: 'There was an issue with your checkout details',
  paymentFailed: 'There was an issue processing your payment',
  paymentCancelled: 'Payment was cancelled',
  applePayAvailability: 'Error checking Apple Pay availability',
  googlePayFailed: 'There was an error processing with Google Pay',
  cardFormLoadFailed: 'There was an error loading the card form',
  cardDetailsFailed:
    'There was an error with card details. Try with another card or reload the page before trying again.',
  deliveryAddressFailed: 'Unable to set your delivery address',
  contactDetailsFailed: 'Unable to update contact details',
  cardNotAccepted: 'Store does not accept card payment',
  googlePayNotAccepted: 'Store does not accept google payment',
  applePayNotAccepted: 'Store does not accept apple payment',
  storeClosed: 'The store is currently closed',
  storeClosedCheckout:
    'Your selected store has closed. You cannot complete checkout until the store reopens.',
  cardExists: 'Card already exists!',
  cvvRequired: 'Please enter cvv number',
  cardFormInvalid: 'Card form is not valid',
  paymentSourceRequired: 'Please select an option',
  retailMembershipInvalid: 'Not a valid retail membership id',
  // Slots
  slotRequired: 'You need to selected a %s slot',
  // Shown to shoppers in place of slotRequired, whose spec wording has a slip ("to selected"):
  // the catalogue keeps the spec's sentence, the page says it right (README "Messages").
  slotRequiredShown: 'You need to select a %s slot.',
  slotReserveFailed: 'There was an error reserving time slot.',
  slotDefaultAsapFailed: 'There was an error selecting default ASAP slot.',
  slotDefaultFutureFailed: 'There was an error selecting default future date slot.',
  slotExpired: 'Your selected slot has expired. Please select another slot to continue your order.',
  slotCountdownExpired: 'This slot has now expired',
  slotsNoneToday: 'There are not available slots for today',
  slotNoAlternative: 'No alternative slot found. You need to select the timeslot manually.',
  slotDateInvalid:
    'Time slot date provided was not valid. Date must be a date after or equal to today',
  // Accounts
  accountCreateFailed: 'There was an error creating your account',
  currentPasswordIncorrect: 'Current password was incorrect.',
  referralCodeInvalid: 'Referral code entered does not exist or is not valid',
  emailRegistered: 'Your email address has already been registered',
  codeIncorrect: 'The code was incorrect',
  verificationCodeFailed: 'Unable to request verification code',
  otpIncorrect: 'One time password code was incorrect',
  otpSendFailed: 'Unable to send one time password code at this moment',
  emailVerifyFailed: 'Unable to verify your email address',
  newPasswordFailed: 'Unable to create your new password',
  facebookLoginFailed: 'Unable to login with Facebook, please try again',
  googleLoginFailed: 'Unable to login with Google, please try again',
  // A social sign-in that met an account whose address nobody proved (issue 36.1): %s is the
  // provider's name.
  socialLinkRequired:
    'An account already uses this email address. To use %s with it, sign in to it below with its password or with a one-time code we email you: we will link %s then.',
  socialLinked: "You're signed in, and %s is now linked to your account.",
  loginRequired: 'You need to be logged in to use this',
  // Favourites (issue 42)
  favouritesSignIn:
    'Sign in to save favourites: they are kept with your account, so they are there on every visit and device.',
  favouriteAdded: 'Saved to your favourites.',
  favouriteRemoved: 'Removed from your favourites.',
  sessionExpired: 'Your session has expired. You have been logged out!',
  mobileInvalid: 'Mobile phone number is invalid',
  // Other
  systemError: 'There was an error on the system. Please try again.',
  // A web address whose %-escapes do not decode (worker/middleware/well-formed-path.ts).
  malformedAddress: 'This web address is not valid. Please check it and try again.',
  // A staging or production Worker whose configuration is refused (ADR 036).
  shopUnavailable: 'This shop is not available right now.',
  // A business being moved to another database (ADR 047): reads go on, changes wait a few minutes.
  businessMoving:
    'This shop is being moved and cannot take changes for a few minutes. Please try again shortly.',
  // The database cannot be reached (issue 39): what needs it waits; cached pages still show.
  databaseUnavailableTitle: 'This cannot be done right now',
  databaseUnavailable:
    'We cannot reach your basket, account or orders just now, so nothing can be added, changed or ordered. You can still look around the shop. Please try again in a few minutes.',
  validationError: 'There was a validation error, please make sure your details are correct.',
  productNotFound: 'Product not found',
  dealNotFound: 'Deal not found',
  storeNotFound: 'Store not found',
  pageNotFound: 'Page Not Found',
  pageNotFoundText:
    "Either this page no longer exists, or there's a typo in the web address. Click below for something more interesting.",
  orderViewFailed: 'Unable to view order, please try again.',
  ratingRequired: 'A rating is required',
  driverTrackingFailed: 'Unable to track the driver at this time.',
  bannerNotFound: 'Unable to find banner',
  whiteLabelSettingsFailed: 'Unable to load global white label settings',
  iterableKeyMissing: 'Iterable API key is missing.',
  storeSearchRequired: 'You need to search for stores with a postcode!',
  incompatibleStore:
    'The store is not compatible with the session store data. Would you like to continue with provided store and clear the basket?',
  // Not in the spec:
  /** UNRECOVERABLE_ERROR of the deep-link action (spec §8 names the code, not its text). */
  deepLinkFailed: 'Sorry, this link could not be opened.',
  /** The shopper cancelled the INCOMPATIBLE_STORE prompt. */
  deepLinkBasketKept: 'Your basket was kept as it was.',
  unknownBrand: 'No shop is set up for the address %s.',
  businessNotFound: 'This shop could not be found.',
  emailInvalid: 'Please enter a valid email address.',
  storeIdentifierRequired: 'Please choose a store.',
  requestTimedOut: 'The request took too long. Please try again.',
  crossOriginRefused: 'This request was refused because it did not come from this site.',
  stayInTouchSuccess: "Thanks for signing up! We'll keep you posted.",
  unknownSiteTitle: 'Shop not found',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  interestRegistered: "Thanks! We'll let you know when we deliver to %s.",
  noStoresNear: "We don't have a store near %s yet.",
  locationServiceFailed: 'The address service is not answering. Please try again.',
  optionChoose: 'Please choose %s',
  optionChooseAtLeast: 'Please choose at least %s for %s',
  optionChooseUpTo: 'Choose up to %s for %s',
  optionChooseOnlyOne: 'Choose only one for %s',
  optionValueOutOfStock: '%s is out of stock',
  optionNotAvailable: '%s is not available with your other choices',
  optionUnknown: 'This choice is no longer available. Please choose again.',
  addedToBasket: 'Added to basket: %s.',
  slotCountdownWarning: 'Less than %s minutes left to hold your slot.',
  // Not in the spec (basket):
  basketNotFound: 'Your basket could not be found. Please start a new basket.',
  // A member's basket follows them to every browser they sign in on (issue 35 item 13); %s is a
  // count with its noun ('3 items'), a store's name.
  basketMerged: 'We added %s from this visit to your basket.',
  basketMergeLimited:
    '%s from this visit could not be added, because of the item or basket limits. Please check your basket.',
  basketMergeOtherStore:
    'Your basket from %s is back. What you added on this visit (%s) was for another store, so it was not moved.',
  basketRestored: 'Welcome back. Your basket from %s is here.',
  // The basket page's − / + and Remove without JavaScript: the redirect says what changed.
  basketQuantityChanged: 'Your basket now has %s.',
  basketLineRemoved: 'Removed from your basket: %s.',
  fulfilmentMethodNotOffered: 'This store does not offer %s.',
  robotCheckFailed: 'We could not check that you are not a robot. Please try again.',
  couponNotFound: 'This coupon code is not valid.',
  couponNotStarted: 'This coupon cannot be used yet.',
  couponExpired: 'This coupon has expired.',
  couponWrongMethod: 'This coupon can only be used for %s orders.',
  couponMinimumSpend: 'Spend %s to use this coupon',
  couponUsedUp: 'This coupon is no longer available.',
  couponCustomerLimit: 'You have already used this coupon.',
  couponSignIn: 'Sign in to use this coupon',
  slotsNoneOnDay: 'There are no slots left on this day.',
  // Not in the spec (the shopper's substitution preference; the console's refusal, ADR 017):
  substitutesUpdateFailed: 'We could not save your substitution choice. Please try again.',
  substitutesSaved: 'Your substitution choices are saved.',
  substitutesHint:
    'If an item is out of stock, the store may pick a similar one. You never pay more for it.',
  orderNoSubstitutes: 'The shopper asked for no substitutes for this item.',
  substituteNotSimilar: 'Please choose a replacement from the similar items shown.',
  // Not in the spec (checkout under the minimum spend: the basket's button, the guard's flash):
  minimumSpendShort: 'Spend %s more to check out',
  minimumSpendCheckout:
    "Your basket is under the store's minimum order. Add more items to check out.",
  // Not in the spec (auth):
  loginFailed: 'Your email or password is incorrect.',
  passwordTooShort: 'Your password must be at least 8 characters.',
  passwordTooLong: 'Your password must be at most 128 characters.',
  passwordsDoNotMatch: 'The passwords do not match.',
  resetLinkInvalid: 'This password reset link has expired or has already been used.',
  resetLinkSent:
    'If an account uses this email address, we have sent it a link to reset your password.',
  messageSendFailed: 'We could not send your message. Please try again.',
  appleLoginFailed: 'Unable to login with Apple, please try again',
  passwordAttemptsLocked: 'Too many wrong passwords. Please try your password again in %s.',
  passwordAttemptsLockedHelp:
    'You can still sign in now with a one-time code, or by resetting your password.',
  // Not in the spec (auth pages):
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  termsRequired: 'Please accept the terms and conditions to continue.',
  passwordResetDone: 'Your password has been changed. Please sign in with your new password.',
  passwordChanged: 'Your password has been changed.',
  // Not in the spec (what sign-in, sign-up and sign-out did, as flash messages):
  signedIn: "You're signed in.",
  registered: "Your account is ready and you're signed in.",
  registeredReferralRefused:
    "Your account is ready and you're signed in. This invitation cannot earn a referral reward.",
  signedOut: "You're signed out.",
  // Not in the spec (idempotent calls):
  idempotencyKeyInvalid: 'Please send an Idempotency-Key of 1 to 255 characters.',
  idempotencyKeyReused: 'This request key was already used with different details.',
  idempotencyInProgress: 'This request is already being processed. Please wait a moment.',
  // Not in the spec (one-time password sign-in, basket claim):
  otpSent: 'If %s belongs to an account, we have sent it a 6-digit code by %s.',
  otpExpired: 'This code has expired or can no longer be used. Please ask for a new one.',
  basketOfAnotherMember: 'This basket belongs to another account.',
  // Not in the spec (checkout and payments):
  addressLine1Required: 'Please enter the first line of your address.',
  townRequired: 'Please enter your town or city.',
  countyRequired: 'Please enter your county.',
  houseNumberRequired: 'Please enter the house number.',
  stateRequired: 'Please enter your state.',
  stateInvalid: 'Please enter a US state, such as NY or New York.',
  guestEmailRegistered:
    'This email address belongs to an account. Please sign in to continue, or use a one-time code.',
  basketChanged: 'Your basket has changed. Please check it before you pay.',
  orderNotFound: 'We could not find that order.',
  // Not in the spec (changing an order until its cut-off, issue 42, ADR 048):
  amendClosed: 'This order can no longer be changed: the store has started on it.',
  amendStale: 'This order was changed on another screen. Here it is as it is now.',
  amendNeedsPayment:
    'This change costs more than your card payment covers. Remove something else, or place a new order for the extra items.',
  amendMinimumSpend: "Spend %s more to keep to the store's minimum order.",
  amendEmpty: 'An order needs at least one item. To stop the whole order, contact the store.',
  amendUnknownLine: 'That item is not in this order.',
  amendCredit:
    'This change would cost less than the store credit the order used. Please contact the store to change it.',
  amendSaved: 'Your order has been changed. It now comes to %s.',
  amendRefunded: 'Your order has been changed. %s is going back to your card.',
  amendNothing: 'Change a quantity or add an item, then save.',
  amendAddTitle: 'Add items',
  amendSearchLabel: 'Search the store for an item to add',
  amendNoResults: 'No items of this store match “%s”.',
  amendAddQuantity: 'How many to add of %s',
  amendSlotTitle: 'Change the slot',
  amendSlotLabel: 'Your slot',
  amendSlotTooSoon: 'That slot is too soon to move your order to. Choose a later slot.',
  amendPayTitle: 'Pay the difference',
  amendPayDifference:
    'Your changes bring your order to %s, %s more than your card payment covers. Pay the difference to keep them; until then your order stays as it was.',
  amendPayButton: 'Pay %s by card',
  amendPayKeep: 'Keep my order as it was',
  amendPaid: 'Payment received: your order has been changed. It now comes to %s.',
  amendPaymentNotTaken: 'Your card was not charged and your order has not changed.',
  paymentNotFound: 'We could not find that payment.',
  refundTooLarge: 'This payment does not hold that much to give back.',
  voidNotPossible: 'This payment can no longer be voided. Refund it instead.',
  refundReferenceInUse: 'That refund reference was already used for another refund.',
  cashConfirmRequired: 'Please confirm you will have the amount ready in cash.',
  orderAlreadyPaid: 'This order has already been paid.',
  cardDetailsNotAccepted:
    'Card numbers and security codes are entered on the secure payment page only.',
  paymentPending: 'Your payment is still being processed.',
  sandboxTestCardsOnly: 'The sandbox accepts only the published test card numbers.',
  // Not in the spec (the store console's order actions, ADR 017; the wrong-state one tells the
  // loser of a race where the order is now):
  orderActionWrongRole: 'Your role cannot do this to an order.',
  orderActionWrongMethod: 'This cannot be done for a %s order.',
  orderActionNotYourDelivery: 'This delivery is assigned to another driver.',
  orderActionWrongState: 'This order is now %s, so this can no longer be done.',
  orderActionReasonRequired: 'Please give a reason.',
  orderLineNotFound: 'This line is not part of the order.',
  orderShortQuantity: 'A short line has fewer items than ordered.',
  orderLinesUnmarked: 'Mark every line before Picking done. Not marked yet: %s.',
  orderLineChanged:
    '%s was marked on another screen and is now: %s. Check it before marking it again.',
  orderLineNotMarked: 'not marked',
  orderSubstituteNotSold: 'This store does not sell that item.',
  orderReadyTimePast: 'The ready time must be later than now.',
  orderDriverNotAtStore: 'This driver does not work at this store.',
  orderRefundTooMuch: 'This is more than is left to refund on the order.',
  // Not in the spec (issue 35 item 5): a line refund is bounded by the units delivered.
  orderRefundMoreThanDelivered:
    'Only %s of %s can be refunded: that is what was delivered and not yet refunded.',
  orderNotPaid: 'This order has no payment to refund.',
  // Not in the spec (store credit, ADR 020). Ledger descriptions never name a person.
  creditChanged: 'Your store credit has changed. Please check your total.',
  creditSpentOnOrder: 'Paid towards order %s',
  creditReturnedFromOrder: 'Returned from order %s',
  creditGoodwill: 'A gift from the store',
  creditRefundedAsCredit: 'Refunded as store credit for order %s',
  creditAmountInvalid: 'Please enter an amount in pence of at least 1.',
  creditGoodwillTooMuch: 'Goodwill credit can be at most %s.',
  creditGuestOrder:
    'This order was placed by a guest, who cannot hold store credit. Refund the lines or the order instead.',
  creditGoodwillOrderCap: 'Goodwill on one order can be at most %s in all; %s is left on this one.',
  creditGoodwillMemberCap:
    'A member can be given at most %s of goodwill in %s days; %s is left for this member.',
  // Spec §4's status names as the order-status call's `label` gives them (schemas/order-states.ts;
  // 'Delivered' and 'Refunded' are the shopper's page words already):
  orderStatusNotPlaced: 'Order Not Placed',
  orderStatusAwaitingPayment: 'Awaiting Payment',
  orderStatusPaymentFailed: 'Payment Failed',
  orderStatusSentToStore: 'Sent to Store',
  orderStatusAcceptedPicking: 'Store Accepted / Picking',
  orderStatusPicked: 'Picked',
  orderStatusEnRoute: 'Driver en Route',
  orderStatusStoreRejected: 'Store Rejected Order',
  orderStatusDeclined: 'Order Declined',
  orderStatusCancelled: 'Order Cancelled',
  orderStatusUnableToDeliver: 'Unable to Deliver',
  orderTrackingCreditReturned: '%s has been returned to your store credit.',
  orderTrackingPicked: 'Your order has been picked.',
  // Spec §4 tracking messages (sent to store; accepted and being picked; driver en route;
  // delivered; a delivery problem telling the customer to contact the store), then ours for the
  // endings with money back (ADR 017):
  orderTrackingSentToStore: 'Your order has been sent to the store.',
  orderTrackingAccepted: 'The store has accepted your order and it is being picked.',
  orderTrackingReadyForCollection: 'Your order is ready for collection.',
  orderTrackingEnRoute: 'Your driver is en route.',
  orderTrackingDelivered: 'Your order has been delivered.',
  orderTrackingDeliveryProblem:
    'There was a problem delivering your order. Please contact the store.',
  orderTrackingDeliveryProblemRefunded:
    'There was a problem delivering your order. Please contact the store. %s will be refunded.',
  orderTrackingPickedChanges: 'Your order has been picked. %s has been refunded for the changes.',
  orderTrackingRejected: 'The store could not take your order. %s will be refunded.',
  orderTrackingCancelled: 'Your order has been cancelled. %s will be refunded.',
  orderTrackingRejectedCash: 'The store could not take your order. You have not been charged.',
  orderTrackingCancelledCash: 'Your order has been cancelled. You have not been charged.',
  orderTrackingRefunded: '%s has been refunded to you.',
  // Ours (issue 42, ADR 043): the changes picking made, and a substitute sent back.
  orderChangesEmail:
    'Your order has changes: %s. You can reject a substitute until your order leaves the store.',
  orderChangesEmailShortOnly: 'Your order has changes: %s.',
  // The changes in that sentence, one line each (issue 43: said in the business's language).
  orderChangeSubstituted: '%s × %s instead of %s',
  orderChangeShort: 'only %s of %s',
  orderChangeOutOfStock: '%s out of stock',
  substituteRejectedRefund: '%s has been rejected. %s will be refunded.',
  substituteRejectedCash: '%s has been rejected. You will not pay for it.',
  substituteRejectTooLate:
    'Your order has left the store, so a substitute can no longer be rejected here. You can hand it back to the driver at the door.',
  substituteDoorTooLate:
    'This order is no longer on its way, so a substitute can no longer be handed back.',
  substituteAlreadyRejected: 'This substitute has already been rejected.',
  substituteHandedBack: 'Substitute handed back: %s refunded to the shopper.',
  substituteNotFound: 'We could not find that substitute in this order.',
  // Ours (issue 35 item 3): the money of an ending already back (a voided authorisation), and
  // the store's reason for it, shown to the shopper.
  orderTrackingRejectedGivenBack:
    'The store could not take your order. %s has been given back to your payment.',
  orderTrackingCancelledGivenBack:
    'Your order has been cancelled. %s has been given back to your payment.',
  orderTrackingDeliveryProblemGivenBack:
    'There was a problem delivering your order. Please contact the store. %s has been given back to your payment.',
  orderTrackingStoreReason: 'The store said: %s',
  // Ours (issue 35 item 2): how a cash order's refund reaches the shopper.
  orderRefundCashAtDoor: '%s will be given back to you in cash at your door.',
  orderRefundCashAtStore: '%s is waiting for you in cash at the store.',
  orderCashReturnRequired:
    'Choose how the cash is given back: at the door, at the store or as store credit.',
  orderCashReturnGuest:
    'A guest cannot hold store credit: give the cash back at the door or at the store.',
  orderAutoRejectedReason: 'Not accepted in time',
  orderAcceptOverdue: 'Order %s has not been accepted. It will be rejected automatically at %s.',
  // Not in the spec (payments backend):
  cardNotFound: 'We could not find that card.',
  paymentMethodNotAvailable: 'This payment method is not available. Please choose another.',
  cardsSavedDuringPayment:
    'Cards are saved while you pay: tick "Save card" on the payment page to keep this card.',
  paymentReturnUrlInvalid: 'The payment return address must be on this shop.',
  savedCardsMembersOnly: 'Please sign in to save a card or pay with a saved card.',
  paymentGatewayMismatch: 'This payment method cannot be paid through that gateway.',
  paymentAnswerInvalid: 'The payment answer could not be verified.',
  paymentAlreadyAnswered: 'This payment has already been answered.',
  sandboxBanner: 'Sandbox — test cards only. No real money is taken.',
  sandboxRequestHashInvalid: 'RESULT 508: the request hash is wrong (check the shared secret).',
  sandboxDuplicateOrderId: 'RESULT 501: this ORDER_ID has already been used.',
  sandboxExpiryInvalid: 'Please enter an expiry date in the future.',
  sandboxAuthenticationFailed: 'Authentication failed: the card issuer could not verify you.',
  cashNotAccepted: 'Store does not accept cash payment',
  // Not in the spec (payments):
  paymentNotTaken:
    'This payment was not taken: the order was already paid or changed. Any amount held on your card is released.',
  // Not in the spec (the provider's card frames have no CVV-only field for saved cards):
  // Not in the spec (limits say the limit; a decline says what happened and what to do):
  itemLimitAtMost: 'You can buy at most %s of this item.',
  basketLimitAtMost: 'Your basket can hold at most %s items.',
  tipInvalid: 'Please enter a tip in pounds and pence, for example 2.50.',
  tipTooHigh: 'The most you can tip is %s.',
  textTooLong: '%s must be %s characters or fewer.',
  paymentNoMoneyTaken: 'No money was taken. Please try again with another card or payment method.',
  // Not in the spec (where a store delivers; guards that send the shopper elsewhere):
  deliveryOutsideAreaCollect:
    "%s doesn't deliver to %s. You can collect your order from the store instead, or choose another store.",
  deliveryOutsideArea: "%s doesn't deliver to %s. Please choose another store.",
  deliveryAddressNotFound: 'We could not find %s. Please check the postcode.',
  // Not in the spec (the member's saved addresses and cards):
  addressNameRequired: 'Please give this address a name, for example Home.',
  addressNotFound: 'We could not find that address.',
  addressCountryNotOffered: 'Please choose a country from the list.',
  addressSaved: 'Your address has been saved.',
  addressUpdated: 'Your address has been updated.',
  addressDeleted: 'Your address has been deleted.',
  addressDefaultSet: '%s is now your default %s address.',
  addressLookupNone: 'We found no addresses for %s. Please type your address below.',
  cardDeleted: 'Your card has been deleted.',
  cardDeleteFailed: 'We could not delete your card just now. Please try again.',
  checkoutBasketEmpty: 'Your basket is empty. Add something to check out.',
  checkoutItemsUnavailable:
    'Some items in your basket are no longer available. Please remove them to check out.',
  checkoutDetailsFirst: 'Please fill in your details before you pay.',
  checkoutBillingFirst: 'Please choose your billing address first.',
  alreadySignedIn: 'You are already signed in.',
  lastStoreRestored: 'Welcome back! This is the store you last ordered from.',
  // Not in the spec (the contact form, ADR 022):
  contactSent: 'Thank you, your message has been sent. We will reply by email.',
  contactSubjectRequired: 'Please choose or type a subject.',
  contactMessageRequired: 'Please type your message.',
  contactNameRequired: 'Please enter your first and last name.',
  contactTooManyFiles: 'Attach at most %s files.',
  contactFileTooLarge: '%s is too large: each file may be at most %s.',
  contactFilesTooLarge: 'Your files are too large together: at most %s is accepted.',
  contactFileType: '%s is not a JPEG, PNG, GIF, WebP or PDF file, so it was not sent.',
  contactFileEmpty: '%s is empty.',
  contactFileActive:
    '%s contains scripts or embedded files, so it was not sent. Save it as a plain PDF or send a photo of it instead.',
  contactFilesAgain: 'Files are not kept when the form is shown again: please choose them again.',
  // The operator console (ADR 027): uploaded images and the console's own refusals.
  mediaImageType: 'Choose a JPEG, PNG, WebP or GIF image.',
  mediaImageTooLarge: 'The image is too large: at most %s is accepted.',
  mediaImageEmpty: 'Choose an image to upload.',
  mediaImageTooSmall: 'The image must be at least %s pixels wide and high.',
  operatorOnly: 'Only operators can use the operator console.',
  operatorChangesSaved: 'Your changes have been saved.',
  // The operator console's stores (not in the spec).
  phoneInvalid: 'Phone number is invalid',
  storeCreated: 'The store has been added. Give it opening hours to open it.',
  amountInvalid: 'Enter an amount in pounds, for example 2.50.',
  storeSlugTaken: 'Another store already uses this web address.',
  storeTimeZoneInvalid: 'Choose a time zone.',
  storeHoursTime: 'Enter times as HH:MM, for example 09:00.',
  storeHoursSame: 'A range must open and close at different times.',
  storeHoursOverlap: 'These ranges overlap: make them follow each other.',
  storeClosurePast: 'Choose today or a later date.',
  storeClosureTaken: 'The store is already closed on this date.',
  storeOutcodeUnknown: '%s is not a UK postcode district.',
  storeZoneDistrictAbroad: 'Postcode districts are for UK stores: give a radius around the store.',
  storeSlugInvalid: 'Use lower-case letters, digits and hyphens.',
  storeDateRequired: 'Enter a date.',
  storeRadiusInvalid: 'Enter the radius in km, above 0 and up to 200.',
  storeOutcodeFormat: 'Enter a postcode district, for example M1 or EX1.',
  storeClosedWithTimes: 'Untick Closed all day, or clear the times of this day.',
  storeDeliveryRadius: 'Enter a radius in km above 0 and up to 200, or leave it blank.',
  storeSlotLength: 'Enter a slot length from 15 to 240 minutes.',
  storeSlotCapacity: 'Enter how many orders a slot takes, from 0 to 1000.',
  storeDaysInAdvance: 'Enter from 0 (today only) to 30 days.',
  storeLeadMinutes: 'Enter minutes from 0 to 1440.',
  storeMaxBasketItems: 'Enter a number of items above 0, or leave it blank for no limit.',
  storeFreeDelivery: 'Enter an amount above 0, or leave it blank.',
  // Not in the spec (the operator console's catalogue import, ADR 029):
  catalogueCsvRequired: 'Enter a value: this column cannot be empty.',
  catalogueCsvPrice: '"%s" is not a price: write pounds and pence, like 1.20 or £1.20.',
  catalogueCsvWasPrice: 'The was price must be above the price (%s).',
  catalogueCsvWhole: '"%s" is not a whole number from %s to %s.',
  catalogueCsvYesNo: '"%s" is not yes or no.',
  catalogueCsvSlug: '"%s" is not a slug: use lower-case letters, digits and single hyphens.',
  catalogueCsvTags:
    '"%s" is not a tag list: separate lower-case tags with semicolons, like vegan;organic.',
  catalogueCsvTooLong: 'This value is too long: at most %s characters.',
  catalogueCsvAllergens:
    '"%s" is not a list of allergens: separate them with semicolons, like milk;gluten (one of %s).',
  catalogueCsvNutritionPer: '"%s" is not 100g or 100ml.',
  catalogueCsvAmount: '"%s" is not an amount from 0 to %s, like 3.6.',
  catalogueCsvNutritionPart: 'This cannot be more than %s (%s).',
  catalogueCsvNutritionNeeded: 'Enter a value: nutrition is declared on this row (%s).',
  catalogueCsvDuplicate: '"%s" is already on row %s of this file.',
  catalogueCsvUnknownCategory: 'There is no category "%s" in the catalogue or in this file.',
  catalogueCsvUnknownParent: 'There is no category "%s" in the catalogue or in this file.',
  catalogueCsvParentLoop: 'A category cannot be inside itself (through "%s").',
  catalogueCsvUnknownStore: 'There is no store "%s" in your business.',
  catalogueCsvUnknownItem: 'There is no item "%s" in the catalogue.',
  catalogueCsvMissingColumn: 'The file has no "%s" column.',
  catalogueCsvUnknownColumn: 'The file has a column "%s" this kind of file does not have.',
  catalogueCsvUnreadable: 'The file cannot be read as CSV: %s',
  catalogueCsvEmpty: 'Choose a CSV file with a header row and at least one row.',
  catalogueCsvTooManyRows: 'The file has more than %s rows: split it.',
  catalogueCsvOptionMinMax: 'The minimum (%s) cannot be above the maximum (%s).',
  catalogueCsvOptionMismatch: 'Every row of option "%s" must have the same %s as row %s.',
  catalogueCsvOptionsLinked:
    'The options of "%s" depend on each other or on a size: edit them in the item, not by file.',
  catalogueCatalogueChanged:
    'The catalogue has changed since this file was checked: check it again.',
  catalogueImportApplied: 'The file has been imported.',
  catalogueImageSaved: 'The picture has been saved.',
  // The operator console's brands and domains (ADR 028).
  brandNotFound: 'This brand does not exist.',
  brandSlugFormat: 'Use lower-case letters, digits and single hyphens, e.g. fresh-market.',
  brandSlugTaken: 'Another brand already uses this slug.',
  brandColourFormat: 'Enter a colour as # and six hexadecimal digits, e.g. #0f5132.',
  brandCreated: 'The brand has been created. It is not live until you take it live.',
  brandLive: 'The brand is live: its active domains now serve shoppers.',
  brandOffline: 'The brand is offline: its domains no longer serve shoppers.',
  brandLogoFirst: 'Upload a logo before taking the brand live.',
  brandSettingsJson: 'This is not valid JSON.',
  domainInvalid: 'Enter a domain name such as shop.example.com, without https:// or a path.',
  domainTaken: 'This domain is already in use.',
  domainNotFound: 'This domain is not attached to the brand.',
  domainAdded: 'The domain has been added. It serves shoppers once it is active.',
  domainRemoved: 'The domain has been removed.',
  domainChecked: 'The domain’s status has been checked.',
  hostnameProviderFailed:
    'The domain provider could not be reached. Please try again in a few minutes.',
  postcodePatternInvalid: 'This is not a valid regular expression.',
  postcodeExampleMismatch: 'The example does not match the pattern.',
  // The operator console's promotions (ADR 027): deals, banners and coupons.
  promoSlugInvalid: 'Use lower-case letters, digits and hyphens, e.g. crisps-3-for-5.',
  promoSlugTaken: 'Another one already uses this web address name.',
  promoNameRequired: 'Enter a name.',
  promoWholeNumber: 'Enter a whole number, e.g. 3.',
  promoQuantityRequired: 'Enter how many items the shopper buys, at least 2.',
  promoPriceRequired: 'Enter the deal price in pounds, e.g. 5.00.',
  promoPercentRequired: 'Enter a percentage from 1 to 100.',
  promoAmountRequired: 'Enter an amount in pounds above zero, e.g. 0.50.',
  promoDateTimeInvalid: 'Enter a date and time, e.g. 2027-03-28 09:00.',
  promoDateTimeMissing: 'This time does not exist in %s: the clocks go forward then.',
  promoEndsBeforeStart: 'The end must be after the start.',
  promoSectionsRequired: 'Add at least one section with items.',
  promoSectionItemsRequired: 'Choose at least one item or a category for %s.',
  promoSectionMinMax: 'In %s, the most a shopper can choose must be at least the fewest.',
  promoSectionNameRequired: 'Name every section, e.g. Main, Snack, Drink.',
  promoItemUnknown: 'These items are not in your catalogue: %s.',
  promoColourInvalid: 'Enter a colour as # and six hex digits, e.g. #d1232a.',
  promoDealNotFound: 'Deal not found',
  promoBannerNotFound: 'Unable to find banner',
  promoCouponNotFound: 'This coupon does not exist.',
  promoBannerTitleRequired: 'Enter a title.',
  promoBannerImageRequired: 'Upload a banner image (3 wide by 1 high, at least 600 pixels wide).',
  promoLinkUrlInvalid:
    'Enter a web address starting with https:// or a path on this site starting with /.',
  promoLinkTargetRequired: 'Choose what the banner links to.',
  promoCouponCodeInvalid: 'Use 3 to 30 letters, digits or hyphens, e.g. WELCOME10.',
  promoCouponCodeTaken: 'Another coupon already uses this code.',
  promoCouponValuePercent: 'Enter a percentage from 1 to 100.',
  promoCouponValueAmount: 'Enter an amount in pounds above zero, e.g. 5.00.',
  promoCouponLimitBelowRedemptions:
    'This coupon has already been used %s times: the limit cannot be lower.',
  promoDealSaved: 'The deal has been saved.',
  promoBannerSaved: 'The banner has been saved.',
  promoCouponSaved: 'The coupon has been saved.',
  // The operator console's failed tasks (ADR 037).
  effectNotFound: 'That task is not waiting to be tried again.',
  effectRetried: 'The task will be tried again now.',
  // Refunds the gateway did not confirm (issue 37): the failed tasks page's second section.
  refundNotUnsettled: 'That refund is not waiting to be settled.',
  refundRetrySettled: 'The gateway confirmed the refund: it is settled.',
  refundRetryRefused: 'The gateway refused the refund: its answer is shown below.',
  refundRetryUnsettled: 'The gateway has still not answered: the refund will be asked about again.',
  // Money not settled at its gateway (issue 37): the operators' own page, every kind.
  moneyNotUnsettled: 'That payment is not waiting to be settled.',
  moneyRetrySettled: 'The gateway confirmed it: it is settled.',
  moneyRetryRefused: 'The gateway refused it: its answer is shown below.',
  moneyRetryUnsettled: 'The gateway has still not answered: it will be asked about again.',
  // The operator console's content (ADR 027): FAQs, content pages, redirects.
  contentSectionRequired: 'Enter the heading the question is listed under, e.g. Delivery.',
  contentQuestionRequired: 'Enter the question.',
  contentAnswerRequired: 'Enter the answer.',
  contentTitleRequired: 'Enter a title.',
  contentSlugInvalid: 'Use lower-case words joined by hyphens, e.g. delivery-areas.',
  contentSlugTaken: 'Another page already uses this address.',
  contentRedirectFromInvalid: 'Enter the old address as a path on this site, e.g. /old-offers.',
  contentRedirectToInvalid: 'Enter a path on this site starting with /, e.g. /offers.',
  contentRedirectTaken: 'This old address already redirects somewhere.',
  contentRedirectLoop: 'This would send visitors round in a loop back to the old address.',
  contentRedirectSelf: 'An address cannot redirect to itself.',
  contentFaqNotFound: 'This question does not exist.',
  contentRedirectNotFound: 'This redirect does not exist.',
  contentFaqSaved: 'The question has been saved.',
  contentPageSaved: 'The page has been saved.',
  contentRedirectSaved: 'The redirect has been saved.',
  contentRedirectDeleted: 'The redirect has been deleted.',
  // Not in the spec (a category's sort and filters, ADR 034):
  categorySortInvalid: 'Choose relevance, price, price per unit or name to sort by.',
  categoryFilterInvalid: 'Choose filters from the list: on offer or a dietary tag.',
  categorySortUnknown: 'We could not use that sort order, so these items are in our usual order.',
  categoryNoMatches: 'No items match these filters. Remove a filter to see more.',
  // Not in the spec (the delivery price of each time slot):
  slotPriceFree: 'Free',
  slotFreeDeliveryFrom: 'Free delivery on orders of %s or more.',
  // Not in the spec (request body limits; each says its limit):
  bodyTooLarge: 'This request is too large: at most %s is accepted.',
  bodyTooDeep: 'This request is nested too deeply: at most %s levels are accepted.',
  // Not in the spec (store console staff; the spec shows no staff functions):
  staffNotAllowed: 'Your account cannot do this here.',
  staffInvitationInvalid: 'This invitation has expired or has already been used.',
  staffEmailTaken: 'Someone on your team already uses this email address.',
  staffNotFound: 'This member of staff does not exist.',
  staffStoreNotFound: 'One of these stores is not part of your business.',
  staffRoleRequired: 'Choose the operator role or at least one role at a store.',
  staffInvitationNotPending: 'This person has already accepted their invitation.',
  staffOwnOperatorRole: 'You cannot remove your own operator role.',
  staffInvited: 'The invitation has been sent.',
  staffPasswordChanged: 'Your password has been changed. Every other device is signed out.',
  staffSignedOutEverywhere: 'You are signed out on every device.',
  staffDeactivateConfirm: 'Tick the box to confirm you want to end their access.',
  staffInvitationResent: 'The invitation has been sent again.',
  staffRolesSaved: 'The roles have been saved.',
  staffDeactivated: 'The account has been deactivated. Every session of theirs has ended.',
  // The store console's pages (ADR 018).
  staffCodeSent: 'We have sent a 6-digit code to %s. It works for 10 minutes.',
  staffInvitationAccepted: 'Your password is set. Sign in with it to continue.',
  staffNoStores: 'Your account has no stores yet. Ask your operator to add you to one.',
  storeOrderUpdated: 'The order has been updated.',
  storeNewOrder: 'New order %s has arrived.',
  // Not in the spec (the member's details, preferences and privacy; spec §8: wording not shown):
  profileSaved: 'Your details have been saved.',
  emailSameAsNow: 'This is already your email address.',
  emailChangeCodeSent:
    'We have sent a 6-digit code to %s. Enter it here to change your email address.',
  emailChanged: 'Your email address is now %s.',
  emailVerified: 'Thank you: your email address is verified.',
  verificationCodeSent: 'We have sent a new 6-digit code to %s.',
  marketingChannelNotFound: 'This marketing channel does not exist.',
  preferencesSaved: 'Your marketing preferences have been saved.',
  forgetMeCodeSent:
    'We have sent a 6-digit code to %s. Enter it here to confirm that we should forget you.',
  forgetMeOrderInProgress:
    'You have an order on its way. We can forget you once it has been delivered or cancelled.',
  accountForgotten:
    'Your account is closed and your personal data has been erased. Thank you for shopping with us.',
  driverLocationFailed: 'Your location could not be shared. Check that location is allowed.',
  // Not in the spec (the tracking page and its map):
  mapAreaInvalid: 'That map area is not available.',
  trackingLastSeen: 'Last seen %s ago.',
  trackingDistanceEta: 'Your driver is %s away, arriving in about %s.',
  trackingDistance: 'Your driver is %s away.',
  trackingWaitingForDriver: 'Waiting for the driver’s location…',
  // Not in the spec (member orders, reorder and reviews; spec §7 Member):
  memberOrderDateInvalid: 'Please enter a date as YYYY-MM-DD.',
  memberOrderDateRange: 'The start date must be on or before the end date.',
  reorderAdded: 'Your items have been added to the basket.',
  reorderSomeNotAdded: 'Some items could not be added to the basket: %s.',
  reorderNothingAdded: 'None of these items can be ordered at the moment.',
  reviewDeliveredOnly: 'You can review an order once it has been delivered.',
  reviewEditClosed: 'This review can no longer be changed.',
  reviewSaved: 'Thank you for your review.',
  reviewCommentTooLong: 'Your comment must be %s characters or fewer.',
  // Not in the spec (the payment step's store credit switch, ADR 020):
  storeCreditUsed: 'Your store credit is taken off this order.',
  storeCreditKept: 'Your store credit is kept for another order.',
  storeCreditUpdateFailed: 'Your store credit could not be changed. Please try again.',
  // Not in the spec (items sold by weight, issue 41, ADR 039):
  weighedHold: "We'll hold up to %s; you pay only for what we pick.",
  weighedFinalPrice: 'Weighed items are priced at their estimate; the final price follows picking.',
  weighedEstimateEach: 'approx. %s each, est. %s',
  weighedEstimatePer: 'est. %s per %s',
  weighedPerKg: '%s/kg',
  weighedChooseWeight: 'Weight',
  weighedEnterGrams: 'Enter the weight picked for %s, in grams.',
  weighedNotWeighed: '%s is not sold by weight.',
  weighedPicked: 'Weighed: %s, %s',
  weighedOrderTotal: 'Your weighed items are priced by what was picked: your order comes to %s.',
  weighedFinal: 'Weighed %s: %s (est. %s)',
  weighedCapped:
    '%s weighs %s, %s: over the %s the payment holds, so the shopper pays %s. Weigh again or mark it out of stock.',
  // Not in the spec (a store manager's pause, issue 44):
  storePauseUntilInvalid: 'Choose a time after now and within %s days.',
  storePauseReasonRequired: 'Say why the store is taking no orders (at most %s characters).',
  storePaused: 'The store takes no new orders until the time you chose.',
  storeResumed: 'The store takes orders again.',
  // Not in the spec (the operator's insight, issue 44):
  insightPeriodInvalid: 'Choose a start date on or before the end date, at most %s days apart.',
  insightScopeNotFound: 'This brand or store is not one of yours.',
  orderReasonsInvalid:
    'Give each list 1 to %s reasons, one a line, each at most %s characters and none twice.',
  // Not in the spec (VAT by rate and the tax port, issue 43, ADR 051):
  catalogueCsvVatClass: 'Use a VAT class of %s (not "%s").',
  vatBreakdownHeading: 'VAT',
  vatRateColumn: 'VAT rate',
  vatGoodsColumn: 'Goods incl. VAT',
  vatAmountColumn: 'VAT',
  vatNoVat: 'Tip (no VAT)',
  vatClassLabel: 'VAT class',
  taxAddedLine: 'Tax',
  // Not in the spec (tax added at checkout, ADR 055):
  taxAtCheckout: 'Tax is calculated at checkout',
  taxPlaceUnknown:
    'We cannot work out the tax for this address. Please check the postcode, or contact the store.',
  taxServiceFailed: 'The tax service is not answering. Please try again.',
  taxEmailLine: '%s: %s',
  amendTaxAdded:
    'This order cannot be changed online: its tax was worked out when it was placed. Contact the store to change it.',
  vatEmailLine: 'VAT %s: %s incl. %s VAT',
  // Not in the spec (the order archive, issue 40):
  orderArchiveMonthsInvalid: 'Keep orders online for a whole number of months from %s to %s.',
  archivedOrderNotFound: 'No archived order has this number.',
  archivedOrderRestored: 'The order is back online.',
  archivedOrderIdClash: 'The order cannot be restored: its id is in use again. Contact support.',
  // Not in the spec: page text (issue 43), in its own module
  ...PAGE_MESSAGES,
} as const

export type MessageKey = keyof typeof MESSAGES

/** Fills the `%s` placeholders of a message in order: `formatMessage('postcodeInvalid', 'ZZ1')`. */
export function formatMessage(key: MessageKey, ...values: Array<string | number>): string {
  return fillMessage(MESSAGES[key], ...values)
}

/** A refused or failed payment: the spec's sentence, then that nothing was taken and what to do. */
export const PAYMENT_FAILED_HELP = `${MESSAGES.paymentFailed}. ${MESSAGES.paymentNoMoneyTaken}`

/** Password checks refused after too many failures: when to try again, in whole minutes. */
export function passwordAttemptsLockedMessage(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60))
  return formatMessage('passwordAttemptsLocked', minutes === 1 ? '1 minute' : `${minutes} minutes`)
}

/** Spec §8 'Item limit has been reached', followed by the limit itself. */
export function itemLimitMessage(max: number): string {
  return `${MESSAGES.itemLimitReached}. ${formatMessage('itemLimitAtMost', max)}`
}

/** Spec §8 basket limit messages ('reached', 'This will go over…'), followed by the limit itself. */
export function basketLimitMessage(
  key: 'basketLimitReached' | 'basketLimitExceeded',
  limit: number
): string {
  return `${MESSAGES[key]}. ${formatMessage('basketLimitAtMost', limit)}`
}
