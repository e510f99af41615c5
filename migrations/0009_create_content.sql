-- Migration number: 0009 	 2026-11-21T08:00:07.000Z
-- Content and messages: home/header/footer blocks, FAQs, SEO pages, redirects and sitemaps;
-- contact and interest requests, newsletter sign-ups and the outbox of emails and texts to send.

-- A block of content for a placement. brand_id null = the business default for all its brands;
-- a brand row with the same placement and key wins.
create table content_blocks (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete cascade,
  placement text not null check (placement in ('home', 'header', 'footer')),
  key text not null,
  content_json text not null check (json_valid(content_json)),
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create unique index content_blocks_key on content_blocks(business_id, coalesce(brand_id, 0), placement, key);

create table faqs (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete cascade,
  -- Heading the question is listed under ('Ordering', 'Delivery', …).
  section text not null default 'General',
  question text not null,
  answer text not null,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1))
);
create index faqs_business on faqs(business_id, brand_id, position);

-- SEO page by slug (spec §7 'SEO page and redirect by slug').
create table seo_pages (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete cascade,
  slug text not null,
  title text not null,
  meta_description text,
  heading text,
  -- Markdown; rendered and sanitised by the page.
  body text not null default '',
  noindex integer not null default 0 check (noindex in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create unique index seo_pages_slug on seo_pages(business_id, coalesce(brand_id, 0), slug);

create table seo_redirects (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- Path without the leading slash and without a trailing slash.
  from_slug text not null,
  to_path text not null,
  status_code integer not null default 301 check (status_code in (301, 302, 307, 308)),
  unique (business_id, from_slug)
);

-- Sitemap files per brand. body null = generated on request from stores, categories and items.
create table sitemaps (
  id integer primary key,
  brand_id integer not null references brands(id) on delete cascade,
  name text not null check (name glob '*.xml'),
  body text,
  generated_at text,
  unique (brand_id, name)
);

create table contact_requests (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  customer_id integer references customers(id) on delete set null,
  subject text not null,
  message text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  order_number text,
  status text not null default 'new' check (status in ('new', 'in_progress', 'closed')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index contact_requests_business on contact_requests(business_id, created_at);

create table contact_request_attachments (
  id integer primary key,
  contact_request_id integer not null references contact_requests(id) on delete cascade,
  -- Server-generated R2 key (a UUID), never the uploaded filename.
  r2_key text not null unique,
  filename text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0)
);
create index contact_request_attachments_request on contact_request_attachments(contact_request_id);

-- 'Let me know when you deliver here' from areas without stores.
create table interest_requests (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  email text not null,
  postcode text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email, postcode)
);

-- The footer's Stay In Touch sign-up.
create table newsletter_signups (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  email text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email)
);

-- Emails and texts to send (OTP, receipts, resets). The local default leaves them here for the
-- dev mailbox page; a real adapter sends pending rows and marks them sent.
create table outbox (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  template text not null,
  payload_json text not null default '{}' check (json_valid(payload_json)),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  send_after text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index outbox_pending on outbox(status, send_after);
create index outbox_recipient on outbox(recipient, created_at);
