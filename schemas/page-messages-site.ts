/**
 * Words a page handler or a data module writes rather than a component (issue 43, ADR 061): the
 * head's titles and descriptions, the grocery delivery pages, the home page's default
 * departments, the error page's titles and the cookie inventory. Part of PAGE_MESSAGES
 * (schemas/page-messages.ts); Dutch in schemas/catalogues/nl-NL-pages-site.ts. A title whose
 * English is a heading already (`pageYourBasket`) is said by that heading's key.
 */
export const SITE_PAGE_MESSAGES = {
  // The head: each page's title and description (worker/pages/**, said with requestSay).
  metaTitleAt: '%s at %s',
  metaPageSuffix: ' (page %s)',
  metaSavedAddresses: 'Your saved addresses.',
  metaSavedCards: 'Your saved cards.',
  metaOrdersAndAccount: 'Your orders and account.',
  metaPointsAndCredit: 'Your points and store credit.',
  metaDetailsAndData: 'Your details and your data.',
  metaProfileAndMarketing: 'Your profile and marketing preferences.',
  metaYourOrderDot: 'Your order.',
  metaYourReceipt: 'Your receipt.',
  metaChangeYourOrder: 'Change your order.',
  metaYourOrdersDot: 'Your orders.',
  metaTrackOrderTitle: 'Track order %s',
  metaWhereYourOrderIs: 'Where your order is.',
  metaCreateAnAccountDot: 'Create an account.',
  metaCreateAccountToCheckOut: 'Create an account to check out.',
  metaForgottenPassword: 'Forgotten password',
  metaResetYourPassword: 'Reset your password.',
  metaChangeYourPassword: 'Change your password.',
  metaSignInToAccount: 'Sign in to your account.',
  metaSignInToCheckOut: 'Sign in to check out.',
  metaSetANewPasswordDot: 'Set a new password.',
  metaReferAFriend: 'Invite a friend: you both get store credit when their first order arrives.',
  metaWriteTo: 'Write to %s: questions about an order, feedback, anything else.',
  metaFaqs: 'Answers to common questions about shopping with %s.',
  metaCheckoutCardDetails: 'Checkout: card details',
  metaCheckoutPayment: 'Checkout: payment',
  metaCheckoutBillingAddress: 'Checkout: billing address',
  metaCheckoutGuestOrSignIn: 'Checkout: guest or sign in',
  metaCheckoutYourDetails: 'Checkout: your details',
  metaYourPayment: 'Your payment',
  metaOrderConfirmed: 'Order confirmed',
  metaCategoryDescription: 'Shop %s %s products at %s with %s: delivery or click and collect.',
  metaAllStoresPage: 'All stores, page %s',
  metaAllStores: 'Every %s store, by town: find yours and order for delivery or collection.',
  metaSearchResults: 'Search results for “%s” at %s',
  metaSearchStore: 'Search %s for products, categories and deals.',
  metaDealsTitle: 'Deals and offers at %s',
  metaDealsDescription: "This week's multibuys, meal deals and discounts at %s.",
  metaDealsDescriptionNamed: "This week's multibuys, meal deals and discounts at %s: %s.",
  metaChooseSlotTitle: 'Choose a time slot · %s',
  metaChooseSlot: 'Choose a delivery or collection time at %s.',
  metaChooseDayTitle: 'Choose a day · %s',
  metaChooseDay: 'Choose a delivery or collection day at %s.',
  metaBuyItAgainTitle: 'Buy it again at %s',
  metaBuyItAgain: 'Items you have ordered from %s.',
  metaStoresNear: '%s stores near %s: opening times, delivery, collection and minimum spend.',
  metaDeal: '%s: %s at %s.',
  metaBuyItem: 'Buy %s at %s with %s.',
  metaStoreHome:
    'Shop %s online with %s: groceries, deals, opening hours, delivery and collection.',
  metaStoreHomeWhere:
    'Shop %s online with %s, %s: groceries, deals, opening hours, delivery and collection.',
  metaInStoreDisplay: 'In-store display',
  metaOffersAt: 'Offers at %s',
  metaFavouritesTitle: 'Your favourites at %s',
  metaFavourites: 'Your favourite items at %s.',
  // The contact form's subjects when the brand names none (worker/pages/content/contact.tsx).
  pageContactSubjectOrder: 'Question about an order',
  pageContactSubjectFeedback: 'Feedback',
  pageContactSubjectOther: 'Something else',
  // The error page's titles (worker/pages/errors.tsx) beside the spec's.
  pageSomethingWentWrong: 'Something went wrong',
  pageThatDidNotWork: 'Sorry, that did not work',
  // The grocery delivery pages (worker/pages/content/grocery-delivery.tsx).
  pageGroceryDeliveryIn: 'Grocery delivery in %s',
  pageStoresDeliveringTo: 'Stores delivering to %s',
  pageOneStoreDelivers:
    'One store delivers to %s. Pick one to see its prices, deals and time slots.',
  pageStoresDeliver: '%s stores deliver to %s. Pick one to see its prices, deals and time slots.',
  pageOurStoresIn: 'Our stores in %s',
  pageOurStores: 'Our stores',
  pageOrderFromFor: 'Order from %s for delivery or collection.',
  metaDistrictDelivery:
    'Order groceries from %s stores delivering to the %s postcode district: %s, delivery or collection.',
  // The home page's departments when the brand names none (worker/pages/catalogue/home.tsx).
  pageDeptFruitVeg: 'Fruit & veg',
  pageDeptFruitVegText: 'Fresh, seasonal and local',
  pageDeptBakery: 'Bakery',
  pageDeptBakeryText: 'Baked in store every morning',
  pageDeptDairy: 'Dairy & eggs',
  pageDeptDairyText: 'Milk, cheese, yoghurt and more',
  pageDeptMeatFish: 'Meat & fish',
  pageDeptMeatFishText: 'From trusted suppliers',
  pageDeptFrozen: 'Frozen',
  pageDeptFrozenText: 'Stock up the freezer',
  pageDeptDrinks: 'Drinks',
  pageDeptDrinksText: 'Soft drinks, juice and water',
  pageDeptSnacks: 'Snacks & sweets',
  pageDeptSnacksText: 'Treats for every occasion',
  pageDeptHousehold: 'Household',
  pageDeptHouseholdText: 'Cleaning and everyday essentials',
  // The home page's how-it-works steps and selling points when the brand names none
  // (client/pages/HomePage.tsx).
  pageStepFindStore: 'Find your local store',
  pageStepFindStoreText:
    'Tell us where you are to see the stores that deliver to you or have collection nearby.',
  pageStepFillBasket: 'Fill your basket',
  pageStepFillBasketText: 'Browse fresh produce, everyday essentials and the deals of the week.',
  pageStepPickTime: 'Pick a time that suits you',
  pageStepPickTimeText:
    'Choose delivery or collection, as soon as possible or a slot later in the week.',
  pageUspDelivery: 'Delivery to your door',
  pageUspSameDay: 'Same-day slots',
  // The cookie inventory (schemas/cookie-inventory.ts): what each cookie is for, and how long.
  pageCookieUpTo: 'Up to %s',
  pageCookieAccess: 'Keeps you signed in to your account between pages.',
  pageCookieRefresh: 'Renews your sign-in so you are not signed out while shopping.',
  pageCookieSessionKind: 'Tells whether you are shopping as a guest or signed in.',
  pageCookieBasket: 'Remembers your basket.',
  pageCookieMemberBasket:
    'Keeps your basket for you when you sign out, so it is there when you sign back in.',
  pageCookieBasketSummary: 'Shows the number of items and the total of your basket in the header.',
  pageCookieOtp: 'Holds a sign-in by one-time code while you enter the code we sent.',
  pageCookieSocialSignIn:
    'Holds a sign-in with Google, Apple or Facebook while you are on their page, so only the answer to your own request signs you in.',
  pageCookieSocialLink:
    'Remembers a sign-in with Google, Apple or Facebook that will be linked to your account once you sign in to it.',
  pageCookieAppVersion:
    'Clears out saved shopping state after we release a change that makes it invalid.',
  pageCookieCheckoutOrder: 'Links your payment to the order you are checking out.',
  pageCookieThreeDSecure: 'Marks a card security check (3-D Secure) in progress during payment.',
  pageCookieLocation:
    'Remembers the postcode or address you searched, to show the stores that serve it.',
  pageCookieDeepLink:
    'Opens the store or department a link you followed once you have found your store.',
  pageCookieLastOrder: 'Takes you back to the store you last ordered from.',
  pageCookieSlotReferrer: 'Returns you to your basket or checkout after you change your time slot.',
  pageCookieFlash: 'Shows a message (such as "Signed out") on the page you are sent to next.',
  pageCookieDevice:
    'A random number for this browser, sent when you register or order, to stop refer-a-friend rewards being claimed on the referrer’s own browser.',
  pageCookieD1Bookmark:
    'Remembers where your last change (such as adding to your basket) was saved, so the next page shows it.',
  pageCookieStaffAccess: 'Store staff only: keeps staff signed in to the store console.',
  pageCookieStaffRefresh: 'Store staff only: renews a staff sign-in.',
  pageCookieStaffChallenge:
    'Store staff only: holds a staff sign-in while the emailed code is entered.',
  pageServiceTurnstile: 'Cloudflare Turnstile',
  pageServiceTurnstileWhere: 'Applying a coupon or sending the contact form, when switched on',
  pageServiceTurnstileNote:
    'Checks that a person, not a robot, is applying a coupon or writing to us. It sets no cookies.',
  pageServiceCards: 'Card payment provider',
  pageServiceCardsWhere: 'The card payment step only',
  pageServiceCardsNote:
    'Takes your card details in its own secure frame or page so we never see them; it may use its own cookies there to prevent fraud.',
  pageServiceSocial: 'Google, Apple or Facebook sign-in',
  pageServiceSocialWhere: 'Only when you choose "Continue with" one of them',
  pageServiceSocialNote:
    'You sign in on their own site, under their own cookie policy; they send us only your name, email and an id for your account there.',
  pageServiceMaps: 'Map tiles',
  pageServiceMapsWhere: 'Order tracking only, when a map provider is configured',
  pageServiceMapsNote: 'Map images of the area around your delivery; the images set no cookies.',
} as const
