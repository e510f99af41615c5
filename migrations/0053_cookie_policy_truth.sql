-- Migration number: 0053 	 2026-11-29T05:00:00.000Z
-- Issue 35 item 21: the demo cookie policy promised preference and analytics cookies "only if you
-- agree", but the storefront sets none and has no control for them (schemas/cookie-inventory.ts
-- lists every cookie it sets, all strictly necessary). Pages seeded with that text say what is
-- true; a policy an operator rewrote (the old sentences not found) is left as it is.
update seo_pages
set body = replace(replace(body, '- **Strictly necessary:** keep you signed in, remember your basket, your chosen store and your delivery or collection location, and protect forms against forgery. The site cannot work without them, so they do not need your consent.
- **Preferences:** remember choices such as dismissing a banner.
- **Analytics and marketing:** we set these only if you agree, and you can change your mind at any time.

The table below lists every cookie, what it does and how long it lasts.', 'We set only strictly necessary cookies: they keep you signed in, remember your basket, your chosen store and your delivery or collection location, and carry a message to the next page. The site cannot work without them, so they do not need your consent. We set no preference, analytics or advertising cookies, so there is nothing to agree to and no cookie banner. The services listed after the table (card payment, sign-in with Google, Apple or Facebook) run only when you use them, under their own terms.

The table below lists every cookie we set, what it does and how long it lasts.'), 'Cookies are small text files a website stores in your browser. Some are essential for the site to work; others help us understand how it is used or remember your choices.', 'Cookies are small text files a website stores in your browser.'),
    updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
where slug = 'cookie-policy' and instr(body, '- **Strictly necessary:** keep you signed in, remember your basket, your chosen store and your delivery or collection location, and protect forms against forgery. The site cannot work without them, so they do not need your consent.
- **Preferences:** remember choices such as dismissing a banner.
- **Analytics and marketing:** we set these only if you agree, and you can change your mind at any time.

The table below lists every cookie, what it does and how long it lasts.') > 0;
