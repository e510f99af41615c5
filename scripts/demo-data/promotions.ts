import { REFERRAL_REWARD_PENCE } from '../../schemas/constants.ts'
import type { IconName } from './catalogue.ts'
import type { ProductRow } from './catalogue-rows.ts'
import { addRow, type SqlValue } from './dataset.ts'
import type { Tables } from './tables.ts'
import { BUSINESS_ID } from './tenancy.ts'

export function addPromotions(t: Tables, products: Array<ProductRow>): void {
  const bySlug = new Map(products.map((p) => [p.slug, p]))
  const idsMatching = (pattern: RegExp, limit: number): Array<number> =>
    products
      .filter((p) => pattern.test(p.slug))
      .slice(0, limit)
      .map((p) => p.id)
  const categoryIdBySlug = new Map(
    t.categories.rows.map((row) => [
      String(row[t.categories.columns.indexOf('slug')]),
      Number(row[0]),
    ])
  )

  let sectionId = 0
  const deals: Array<{
    slug: string
    name: string
    description: string
    kind: string
    quantity?: number
    price?: number
    percent?: number
    amount?: number
    icon: IconName
    sections: Array<{ name: string; min: number; max: number; items: Array<number> }>
  }> = [
    {
      slug: 'lunchtime-meal-deal',
      name: 'Lunchtime meal deal',
      description: 'A main, a snack and a drink for £3.85.',
      kind: 'meal_deal',
      price: 385,
      icon: 'cup',
      sections: [
        {
          name: 'Main',
          min: 1,
          max: 1,
          items: idsMatching(
            /^(pasta-salad|potato-salad|sausage-rolls-6|scotch-eggs|pork-pie-each|falafel-12|classic-houmous|onion-bhajis)/,
            8
          ),
        },
        {
          name: 'Snack',
          min: 1,
          max: 1,
          items: idsMatching(
            /crisps-32-5g$|chocolate-bar-45g$|^salted-popcorn|^fruit-salad-pot/,
            12
          ),
        },
        {
          name: 'Drink',
          min: 1,
          max: 1,
          items: idsMatching(
            /-330ml-can$|^still-spring-water-500ml$|^energy-drink-original-250ml$|^iced-coffee-latte/,
            12
          ),
        },
      ],
    },
    {
      slug: 'pizza-night',
      name: 'Pizza night for £6.00',
      description: 'Two frozen pizzas and a tub of ice cream for £6.00.',
      kind: 'meal_deal',
      price: 600,
      icon: 'snowflake',
      sections: [
        { name: 'Pizzas', min: 2, max: 2, items: idsMatching(/^frozen-.*-pizza$/, 6) },
        { name: 'Dessert', min: 1, max: 1, items: idsMatching(/ice-cream-900ml$/, 7) },
      ],
    },
    {
      slug: 'crisps-3-for-5',
      name: 'Any 3 sharing crisps for £5.00',
      description: 'Mix and match any three 150g sharing bags.',
      kind: 'multibuy',
      quantity: 3,
      price: 500,
      icon: 'sweet',
      sections: [
        { name: 'Sharing crisps', min: 3, max: 3, items: idsMatching(/crisps-150g-sharing$/, 20) },
      ],
    },
    {
      slug: 'wine-2-for-12',
      name: 'Any 2 bottles of wine for £12.00',
      description: 'Mix and match any two 75cl bottles from the range.',
      kind: 'multibuy',
      quantity: 2,
      price: 1200,
      icon: 'glass',
      sections: [{ name: 'Wine', min: 2, max: 2, items: idsMatching(/-75cl$/, 16) }],
    },
    {
      slug: 'cleaning-25-off',
      name: '25% off cleaning sprays',
      description: 'A quarter off every cleaning spray.',
      kind: 'percent_off',
      percent: 25,
      icon: 'spray',
      sections: [
        { name: 'Cleaning sprays', min: 1, max: 1, items: idsMatching(/-spray-500ml$/, 10) },
      ],
    },
    {
      slug: 'ice-cream-50p-off',
      name: '50p off ice cream tubs',
      description: 'Save 50p on any 900ml tub.',
      kind: 'amount_off',
      amount: 50,
      icon: 'snowflake',
      sections: [{ name: 'Ice cream', min: 1, max: 1, items: idsMatching(/ice-cream-900ml$/, 10) }],
    },
  ]
  deals.forEach((deal, index) => {
    const dealId = index + 1
    addRow(t.deals, {
      id: dealId,
      business_id: BUSINESS_ID,
      slug: deal.slug,
      name: deal.name,
      description: deal.description,
      kind: deal.kind,
      quantity_required: deal.quantity ?? null,
      price: deal.price ?? null,
      discount_percent: deal.percent ?? null,
      discount_amount: deal.amount ?? null,
      badge_text: 'Deal',
      badge_color: '#ffffff',
      badge_background_color: '#b91c1c',
      image_url: `/images/banners/${deal.slug}.svg`,
      position: index,
    })
    deal.sections.forEach((section, position) => {
      if (section.items.length === 0)
        throw new Error(`deal ${deal.slug}: section ${section.name} has no items`)
      const id = ++sectionId
      addRow(t.deal_sections, {
        id,
        deal_id: dealId,
        name: section.name,
        minimum_selected: section.min,
        maximum_selected: section.max,
        position,
      })
      section.items.forEach((menuItemId, itemPosition) =>
        addRow(t.deal_section_items, {
          deal_section_id: id,
          menu_item_id: menuItemId,
          extra_cost: deal.kind === 'meal_deal' && itemPosition % 5 === 4 ? 50 : 0,
          position: itemPosition,
        })
      )
    })
  })

  const banners = [
    {
      slug: 'lunchtime-meal-deal',
      title: 'Lunchtime meal deal',
      subtitle: 'Main, snack and drink for £3.85',
      linkType: 'deal',
      dealId: 1,
      categoryId: null as number | null,
      itemSlug: null as string | null,
    },
    {
      slug: 'pizza-night',
      title: 'Pizza night for £6.00',
      subtitle: 'Two pizzas and an ice cream tub',
      linkType: 'deal',
      dealId: 2,
      categoryId: null,
      itemSlug: null,
    },
    {
      slug: 'fresh-fruit',
      title: 'Fresh fruit every day',
      subtitle: 'Picked for flavour',
      linkType: 'category',
      dealId: null,
      categoryId: categoryIdBySlug.get('fresh-fruit') ?? null,
      itemSlug: null,
    },
    {
      slug: 'hot-drinks',
      title: 'Coffee made your way',
      subtitle: 'Oat drink and syrups available',
      linkType: 'menu_item',
      dealId: null,
      categoryId: null,
      itemSlug: 'latte',
    },
  ]
  banners.forEach((banner, position) => {
    const item = banner.itemSlug ? bySlug.get(banner.itemSlug) : undefined
    addRow(t.banners, {
      id: position + 1,
      business_id: BUSINESS_ID,
      brand_id: null,
      slug: banner.slug,
      title: banner.title,
      subtitle: banner.subtitle,
      image_url: `/images/banners/${banner.slug}.svg`,
      image_width: 1200,
      image_height: 400,
      link_type: banner.linkType,
      link_category_id: banner.categoryId,
      link_deal_id: banner.dealId,
      link_menu_item_id: item?.id ?? null,
      link_url: null,
      category_id: null,
      position,
    })
  })
  // A banner shown only on the Drinks category page.
  addRow(t.banners, {
    id: banners.length + 1,
    business_id: BUSINESS_ID,
    brand_id: null,
    slug: 'wine-2-for-12',
    title: 'Any 2 wines for £12.00',
    subtitle: 'Mix and match 75cl bottles',
    image_url: '/images/banners/wine-2-for-12.svg',
    image_width: 1200,
    image_height: 400,
    link_type: 'deal',
    link_category_id: null,
    link_deal_id: 4,
    link_menu_item_id: null,
    link_url: null,
    category_id: categoryIdBySlug.get('beer-wine-spirits') ?? null,
    position: 0,
  })

  const coupons: Array<Record<string, SqlValue>> = [
    {
      code: 'WELCOME10',
      description: '10% off your first order over £15.00',
      kind: 'percent',
      value: 10,
      minimum_spend: 1500,
      maximum_discount: 1000,
      members_only: 1,
      first_order_only: 1,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_customer: 1,
    },
    {
      code: 'SAVE5',
      description: '£5.00 off when you spend £30.00',
      kind: 'amount',
      value: 500,
      minimum_spend: 3000,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_customer: 3,
    },
    {
      code: 'FREEDELIVERY',
      description: 'Free delivery on orders over £20.00',
      kind: 'free_delivery',
      value: 0,
      minimum_spend: 2000,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_customer: null,
    },
    {
      code: 'SUMMER24',
      description: '15% off (ended)',
      kind: 'percent',
      value: 15,
      minimum_spend: 0,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: '2024-06-01T00:00:00.000Z',
      ends_at: '2024-08-31T23:59:59.000Z',
      max_redemptions: null,
      max_redemptions_per_customer: null,
    },
    {
      code: 'ONEONLY',
      description: '£3.00 off, first shopper only',
      kind: 'amount',
      value: 300,
      minimum_spend: 1000,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: null,
      ends_at: null,
      max_redemptions: 1,
      max_redemptions_per_customer: 1,
    },
  ]
  coupons.forEach((coupon, index) =>
    addRow(t.coupons, { id: index + 1, business_id: BUSINESS_ID, ...coupon })
  )

  const channels: Array<[string, string, string]> = [
    ['email', 'Email', 'Offers, new products and news by email'],
    ['sms', 'Text messages', 'Offers and reminders by text'],
    ['push', 'App notifications', 'Order updates and offers in the app'],
  ]
  channels.forEach(([channel, name, description], position) =>
    addRow(t.marketing_channels, {
      id: position + 1,
      business_id: BUSINESS_ID,
      channel,
      name,
      description,
      position,
    })
  )
  addRow(t.loyalty_schemes, {
    business_id: BUSINESS_ID,
    name: 'Corner Fresh Rewards',
    // 1 point per £1 paid; every 250 points become £2.50 of store credit (ADR 020 "Loyalty").
    points_per_pound: 1,
    reward_threshold: 250,
    reward_value: 250,
  })
  // Refer a friend (ADR 021): £5 each when the friend's first order is delivered.
  addRow(t.referral_schemes, {
    business_id: BUSINESS_ID,
    reward_amount: REFERRAL_REWARD_PENCE,
    monthly_cap: 10,
    is_active: 1,
  })
}
