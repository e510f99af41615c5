import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { jsonPost } from '../../support/workers/requests.ts'
import type { MealDealPickerProps } from '../../../client/islands/MealDealPicker.tsx'
import type { Basket } from '../../../schemas/basket.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { seedDemoWithStoreOpen } from '../../support/workers/seed.ts'

const STORE = 'manchester-piccadilly'
const ORIGIN = 'http://localhost'
beforeAll(async () => {
  await seedDemoWithStoreOpen(env.DB, STORE)
})

async function dealPage(slug: string) {
  const response = await SELF.fetch(`${ORIGIN}/stores/${STORE}/deal/${slug}`)
  return { response, html: await response.text() }
}

function pickerProps(html: string): MealDealPickerProps | null {
  const raw =
    /<script type="application\/json" data-island-props="MealDealPicker"[^>]*>([^<]*)<\/script>/.exec(
      html
    )?.[1]
  return raw ? (JSON.parse(raw) as MealDealPickerProps) : null
}

function legends(html: string): Array<string> {
  return [...html.matchAll(/<legend[^>]*>([^<]*)<\/legend>/g)].map((match) => match[1] ?? '')
}

describe('meal deal page', () => {
  it('renders the picker: a fieldset per section with its hint, items as radios and premiums', async () => {
    const { response, html } = await dealPage('lunchtime-meal-deal')
    expect(response.status).toBe(200)
    expect(html).toContain('data-island="MealDealPicker"')
    expect(html).toContain('data-hydrate="visible"')
    expect(legends(html)).toEqual(['Main', 'Snack', 'Drink'])
    expect(html.match(/>Choose 1</g)?.length).toBe(3)
    expect(html).toMatch(/<input[^>]*type="radio"/)
    expect(html).not.toMatch(/<input[^>]*type="checkbox"/)
    expect(html).toContain('+50p')
    expect(html).toContain('Add meal deal to basket')
    // The deal price before anything is chosen.
    expect(html).toContain('£3.85')
    expect(html).not.toContain('Added to your basket automatically')

    const props = pickerProps(html)
    expect(props?.deal).toMatchObject({ name: 'Lunchtime meal deal', price: 385 })
    expect(props?.sections.map((section) => section.name)).toEqual(['Main', 'Snack', 'Drink'])
    // Only what the picker shows travels in the page.
    const first = props?.sections[0]?.items[0]
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['ageRestriction', 'extraCost', 'id', 'images', 'name', 'outOfStock', 'size'].sort()
    )
  })

  it('uses checkboxes for a section of two', async () => {
    const { html } = await dealPage('pizza-night')
    expect(legends(html)).toEqual(['Pizzas', 'Dessert'])
    expect(html).toContain('>Choose 2<')
    expect(html).toMatch(/<input[^>]*type="checkbox"/)
  })

  it('offers what the basket accepts at the price it shows', async () => {
    const props = pickerProps((await dealPage('lunchtime-meal-deal')).html)
    if (!props) throw new Error('no picker on the meal deal page')
    // A premium item where there is one, else the first in stock, in every section.
    const choices = props.sections.map((section) => {
      const inStock = section.items.filter((item) => !item.outOfStock && !item.ageRestriction)
      const pick = inStock.find((item) => item.extraCost > 0) ?? inStock[0]
      if (!pick) throw new Error(`nothing to choose in ${section.name}`)
      return { sectionId: section.id, itemId: pick.id, extraCost: pick.extraCost }
    })
    const premiums = choices.reduce((sum, choice) => sum + choice.extraCost, 0)
    expect(premiums).toBeGreaterThan(0)

    const post = (body: unknown) =>
      SELF.fetch(`${ORIGIN}/api/basket/meal-deals/add`, jsonPost(body, { origin: ORIGIN }))
    const short = await post({
      storeId: props.storeId,
      dealId: props.deal.id,
      quantity: 1,
      choices: choices.slice(1).map(({ sectionId, itemId }) => ({ sectionId, itemId })),
    })
    expect(short.status).toBe(422)
    expect(await short.text()).toContain(formatMessage('optionChoose', 'Main'))

    const response = await post({
      storeId: props.storeId,
      dealId: props.deal.id,
      quantity: 2,
      choices: choices.map(({ sectionId, itemId }) => ({ sectionId, itemId })),
    })
    expect(response.status).toBe(200)
    const basket = (await response.json()) as Basket
    expect(basket.mealDeals).toHaveLength(1)
    expect(basket.mealDeals[0]?.unitPrice).toBe(props.deal.price + premiums)
    expect(basket.totals.itemCount).toBe(2)
  })
})

describe('other deals', () => {
  it('keep their item grids and say they apply in the basket', async () => {
    const { response, html } = await dealPage('crisps-3-for-5')
    expect(response.status).toBe(200)
    expect(html).not.toContain('data-island="MealDealPicker"')
    expect(html).not.toContain('Add meal deal to basket')
    expect(html).toContain('Added to your basket automatically when you buy the items.')
    expect(html).toContain('Sharing crisps')
    expect(html).toContain('>Choose 3<')
  })
})
