import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, screenshots, uniqueEmail, urlOn } from './helpers.ts'
import { MEMBER_PASSWORD } from './pages/member-details.ts'

/*
 * The member's area on the Dutch demo brand, Domstad Markt (issue 43 part A, ADR 061): a shopper
 * registers, then reads My details, adds an address in the Dutch address form and opens Profile
 * and preferences, each in Dutch, none of the English words the UK pages show.
 */

const HOST = 'utrecht.localhost'
const on = (path: string) => urlOn(HOST, path)

test('a member of the Dutch brand reads their account in Dutch', async ({ page }) => {
  test.setTimeout(120_000)
  const main = page.getByRole('main')
  const heading = page.getByRole('heading', { level: 1 })

  await page.goto(on('/register'))
  await main.getByLabel('Voornaam').fill('Anne')
  await main.getByLabel('Achternaam').fill('de Vries')
  await main.getByLabel('E-mailadres').fill(uniqueEmail('member-abroad'))
  await main.getByLabel(/Mobiel telefoonnummer/).fill('06 12345678')
  await main.getByLabel('Wachtwoord', { exact: true }).fill(MEMBER_PASSWORD)
  await main.getByLabel('Bevestig wachtwoord').fill(MEMBER_PASSWORD)
  // The where-heard answers read in Dutch; the one chosen is stored as it always was.
  const heard = main.getByLabel(/Hoe heb je over ons gehoord/)
  await expect(heard.getByRole('option', { name: 'Vrienden of familie' })).toBeAttached()
  await expect(heard).not.toContainText('Search engine')
  await heard.selectOption({ label: 'Zoekmachine' })
  await main.getByLabel(/Ik ga akkoord met de/).check()
  await page.getByRole('button', { name: 'Account aanmaken' }).click()
  await expect(page).toHaveURL(on('/'))

  // My details: its cards, fields and buttons in Dutch.
  await page.goto(on('/member/my-details'))
  await expect(heading).toHaveText('Mijn gegevens')
  await expect(main.getByRole('heading', { name: 'Je gegevens', exact: true })).toBeVisible()
  await expect(main.getByLabel(/Klantenkaartnummer/)).toBeVisible()
  await expect(main.getByLabel(/Hoe heb je over ons gehoord/)).toHaveValue('Search engine')
  await expect(main.getByLabel(/Hoe heb je over ons gehoord/).locator('option:checked')).toHaveText(
    'Zoekmachine'
  )
  await expect(main.getByRole('button', { name: 'Gegevens opslaan' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Vergeet mij' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'Mijn gegevens downloaden (JSON)' })).toBeVisible()
  await expect(main).not.toContainText(/Save details|Forget me|Your data/)
  await screenshots(page, 'member-abroad-my-details')

  // Addresses: none yet, then one added through the Dutch form, shown as the default.
  await page.goto(on('/member/addresses'))
  await expect(heading).toHaveText('Adressen')
  await expect(main.getByRole('heading', { name: 'Bezorgadressen' })).toBeVisible()
  await expect(main.getByText(/^Nog geen bezorgadressen\./)).toBeVisible()
  const form = page.locator('#address-form')
  await expect(form.getByRole('heading', { name: 'Adres toevoegen' })).toBeVisible()
  await expect(form.getByLabel('Land')).toHaveValue('NL')
  await form.getByLabel('Naam van het adres').fill('Thuis')
  await form.getByLabel('Voornaam').fill('Anne')
  await form.getByLabel('Achternaam').fill('de Vries')
  await form.getByLabel('Postcode', { exact: true }).fill('3512 AB')
  await form.getByLabel('Straat en huisnummer').fill('Oudegracht 158')
  await form.getByLabel('Plaats').fill('Utrecht')
  await form.getByRole('button', { name: 'Adres opslaan' }).click()
  const card = main.getByRole('listitem').filter({ hasText: 'Oudegracht 158' })
  await expect(card).toContainText('Standaard')
  // The shop's own country goes without saying: '3512 AB', not '3512 AB, NL'.
  await expect(card.getByText('3512 AB', { exact: true })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Wijzigen Thuis' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Verwijderen Thuis' })).toBeVisible()
  await expect(main).not.toContainText(/Delivery addresses|Add an address|Default/)
  await expectNoAxeViolations(page)
  await screenshots(page, 'member-abroad-addresses')

  // Profile and preferences: marketing and substitutions in Dutch.
  await page.goto(on('/member/profile'))
  await expect(heading).toHaveText('Profiel en voorkeuren')
  await expect(main.getByRole('heading', { name: 'Marketingvoorkeuren' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Voorkeuren opslaan' })).toBeVisible()
  await expect(main.getByRole('radio', { name: /Geen vervanging/ })).toBeVisible()
  await expect(main).not.toContainText(/Your profile|Save preferences|Substitutions/)
})
