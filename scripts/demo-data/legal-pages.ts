/**
 * The demo's legal pages, per brand: terms of sale, a UK GDPR privacy notice and a cookie policy
 * in Markdown (worker/lib/markdown.ts renders them). Sensible texts for a UK grocer delivering
 * from local stores; a real business has its own reviewed by its lawyers.
 */

export interface LegalParty {
  /** The brand the shopper buys from. */
  brandName: string
  /** The business behind every brand: the seller and the data controller. */
  legalName: string
  supportEmail: string
  supportPhone: string
  /** Where the business is (the Dutch pages name it, legal-pages-nl.ts). */
  address?: string
}

export function termsOfSale({
  brandName,
  legalName,
  supportEmail,
  supportPhone,
}: LegalParty): string {
  return `These terms apply to every order you place with ${brandName}, a trading name of ${legalName} ("we", "us"). Please read them before you order. They do not affect your statutory rights.

## 1. Who we are
${brandName} lets you order groceries from local stores for delivery or collection. The store you choose prepares your order; ${legalName} is the seller. You can reach us at ${supportEmail} or on ${supportPhone}.

## 2. Placing an order
- When you check out you make an offer to buy the items in your basket at the prices shown.
- We accept your offer when the store accepts your order; we tell you by email and on your order page. Until then we may decline an order, for example when an item is out of stock or a slot is no longer available.
- Please check your basket, delivery address and slot before you pay. You can ask us to change an order until the store starts picking it.

## 3. Prices and payment
- Prices include VAT where it applies and are the store's prices on the day you order. Delivery, collection and service fees are shown before you pay.
- Prices of items sold by weight (loose fruit, meat, cheese) are estimates: you pay for the weight you receive, and we refund any difference when the store weighs less.
- If we make an obvious pricing error we will tell you and you may cancel the item for a full refund.
- We take payment by card when you place the order. Promotions, vouchers and store credit apply only on their own terms and cannot be exchanged for cash.

## 4. Substitutions
If an item is unavailable, the store may offer a suitable substitute of equal or better quality at the same or a lower price, unless you told us not to. You can refuse a substitute at the door or at collection and we will refund it.

## 5. Delivery and collection
- We deliver to the address you give in the slot you choose, or as soon as possible for an ASAP order. Delivery times are estimates; we will tell you if we are running late.
- Someone aged 18 or over must be present to receive a delivery that contains age-restricted items.
- If nobody is home, the driver will try to contact you. If we cannot deliver, we may return the order to the store and charge the delivery fee; perishable items cannot be resold.
- For collection, bring your order number to the store during your slot. Orders not collected by the end of the store's trading day may be cancelled.

## 6. Age-restricted items and Challenge 25
Alcohol, tobacco, knives, solvents and some medicines are sold only to people aged 18 or over (16 for some items). By ordering them you confirm you are old enough. We follow Challenge 25: if you look under 25, our driver or store colleague will ask for photo ID (passport, driving licence or a PASS card). If no acceptable ID is shown, or the items appear to be bought for someone under age, we will not hand them over and will refund them.

## 7. Cancelling an order
- You can cancel an order for free until the store starts picking it, from your order page or by contacting us.
- Under the Consumer Contracts Regulations 2013 you normally have 14 days to cancel a distance purchase. This right does not apply to goods that are liable to deteriorate or expire rapidly (fresh and chilled food, bakery, flowers), to sealed goods unsealed after delivery for health or hygiene reasons, or to alcohol whose price depends on the market. You may still cancel and return unopened long-life items within 14 days of delivery; contact us first.

## 8. Problems with your order and refunds
- If an item is missing, damaged, faulty or past its use-by date, tell us within 48 hours (or at delivery) and we will refund or replace it. Your rights under the Consumer Rights Act 2015 are not affected.
- Refunds go back to the card you paid with, usually within 3 to 5 working days, or as store credit if you prefer.

## 9. Our liability
We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for loss that was not foreseeable, for business losses, or for delays caused by events outside our control. Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law.

## 10. Your account
Keep your password secret and tell us if you think someone else has used your account. We may suspend an account that is used for fraud or abuse.

## 11. Complaints
We want to put things right. Contact us at ${supportEmail} or on ${supportPhone} and we will reply within 5 working days. If you are not satisfied, you can ask an alternative dispute resolution provider or Citizens Advice for help.

## 12. Changes to these terms
We may update these terms, for example when the law changes. The terms in force when you place an order apply to that order.

## 13. Law and courts
These terms are governed by the law of England and Wales. You may bring proceedings in the courts of England and Wales; if you live in Scotland or Northern Ireland, you may also bring them in your local courts.`
}

export function privacyNotice({ brandName, legalName, supportEmail }: LegalParty): string {
  return `This notice explains how ${legalName}, which trades as ${brandName}, uses your personal data when you shop with us, and your rights under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.

## Who is responsible for your data
${legalName} is the controller of your personal data. For any question about this notice or your data, email ${supportEmail}.

## What we collect
- **Account details:** your name, email address, phone number and password (stored only as a secure hash).
- **Order details:** what you bought, from which store, your delivery address, slot, substitution preferences and order history.
- **Payment details:** our payment provider takes your card details; we keep only a token, the card type and the last four digits.
- **Location:** the postcode or address you search with, and your device's location if you allow it, to find stores near you.
- **Messages:** what you send us through the contact form, including any attachments.
- **Technical data:** your IP address, browser and device, and the cookies described in our cookie policy.

## Why we use it and our lawful basis
| Purpose | Lawful basis |
| --- | --- |
| Taking, preparing, delivering and collecting your orders; refunds | Contract |
| Running your account and keeping it secure, preventing fraud | Contract; legitimate interests |
| Checking age for age-restricted items (Challenge 25) | Legal obligation |
| Answering your questions and complaints | Legitimate interests |
| Sending offers and news by email or text | Consent (you can withdraw it at any time) |
| Improving our website and stores | Legitimate interests |
| Keeping accounting and tax records | Legal obligation |

## Who we share it with
We share only what each needs: the store that prepares your order, delivery drivers and couriers (your name, address, phone number and delivery notes), our payment provider, our email and text message providers, our hosting and IT providers, and professional advisers. They act on our instructions under contract. We may also share data with the police or regulators when the law requires it. We never sell your data.

Some of our providers store data outside the UK. When they do, we rely on UK adequacy regulations or the International Data Transfer Agreement to protect it.

## How long we keep it
- Order and payment records: 6 years after the order, for tax and accounting.
- Your account: until you close it, then up to 2 years for disputes and fraud prevention.
- Contact messages: 2 years after we close the request.
- Marketing preferences: until you unsubscribe, and then a suppression record so we do not contact you again.

## Your rights
You have the right to access your data, to have it corrected or erased, to restrict or object to its use, to data portability, and to withdraw consent at any time. To use any of these rights, email ${supportEmail}; we will reply within one month.

## Complaints
If you are unhappy with how we handle your data, please tell us first. You can also complain to the Information Commissioner's Office (ICO): ico.org.uk, 0303 123 1113.

## Changes
We will post any change to this notice on this page and tell you of significant changes by email.`
}

export function cookiePolicy({ brandName, supportEmail }: LegalParty): string {
  return `This policy explains the cookies ${brandName} uses and how you can control them.

## What cookies are
Cookies are small text files a website stores in your browser.

## The cookies we use
We set only strictly necessary cookies: they keep you signed in, remember your basket, your chosen store and your delivery or collection location, and carry a message to the next page. The site cannot work without them, so they do not need your consent. We set no preference, analytics or advertising cookies, so there is nothing to agree to and no cookie banner. The services listed after the table (card payment, sign-in with Google, Apple or Facebook) run only when you use them, under their own terms.

The table below lists every cookie we set, what it does and how long it lasts.

## Managing cookies
You can delete or block cookies in your browser's settings. If you block strictly necessary cookies, you will not be able to sign in or check out.

## Contact
Questions about cookies: ${supportEmail}.`
}
