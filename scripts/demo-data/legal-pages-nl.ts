import type { LegalParty } from './legal-pages.ts'

/**
 * The demo's legal pages for a Dutch brand (issue 43): the same substance as the English ones in
 * legal-pages.ts, written as a Dutch grocer writes them and under Dutch law (the Burgerlijk
 * Wetboek's bedenktijd, the AVG, NIX18, the Telecommunicatiewet's cookie rule), addressing the
 * shopper as 'je' as the shop's pages do. A real business has its own reviewed by its lawyers.
 */

/** A Dutch page names the business's address (a Dutch web shop's terms must). */
type DutchLegalParty = LegalParty & { address: string }

export function dutchTermsOfSale({
  brandName,
  legalName,
  supportEmail,
  supportPhone,
  address,
}: DutchLegalParty): string {
  return `Deze voorwaarden gelden voor elke bestelling die je plaatst bij ${brandName}, een handelsnaam van ${legalName} ('wij', 'ons'). Lees ze voordat je bestelt. Ze doen niets af aan je wettelijke rechten.

## 1. Wie wij zijn
Bij ${brandName} bestel je boodschappen bij winkels in de buurt, om te laten bezorgen of om zelf af te halen. De winkel die je kiest stelt je bestelling samen; ${legalName}, ${address}, is de verkoper. Je bereikt ons via ${supportEmail} of op ${supportPhone}.

## 2. Een bestelling plaatsen
- Als je afrekent, doe je een aanbod om de artikelen in je mandje te kopen tegen de prijzen die je ziet.
- Wij nemen je aanbod aan zodra de winkel je bestelling accepteert; dat laten we je weten per e-mail en op de pagina van je bestelling. Tot dat moment kunnen we een bestelling weigeren, bijvoorbeeld als een artikel niet op voorraad is of een tijdvak niet meer beschikbaar is.
- Controleer je mandje, je bezorgadres en je tijdvak voordat je betaalt. Je kunt ons vragen een bestelling te wijzigen tot de winkel begint met verzamelen.

## 3. Prijzen en betaling
- Prijzen zijn inclusief btw en zijn de prijzen van de winkel op de dag dat je bestelt. Bezorg-, afhaal- en servicekosten zie je voordat je betaalt.
- Prijzen van artikelen die per gewicht worden verkocht (los fruit, vlees, kaas) zijn een schatting: je betaalt voor het gewicht dat je krijgt, en weegt de winkel minder af, dan betalen we het verschil terug.
- Staat er een duidelijke fout in een prijs, dan laten we je dat weten en mag je het artikel annuleren; je krijgt dan het hele bedrag terug.
- Je betaalt met je kaart wanneer je de bestelling plaatst. Acties, waardebonnen en winkeltegoed gelden alleen onder hun eigen voorwaarden en zijn niet inwisselbaar voor geld.

## 4. Vervangende artikelen
Is een artikel niet beschikbaar, dan kan de winkel een passend vervangend artikel aanbieden van gelijke of betere kwaliteit, voor dezelfde of een lagere prijs, tenzij je hebt aangegeven dat je dat niet wilt. Je kunt een vervangend artikel weigeren aan de deur of bij het afhalen; dan betalen we het terug.

## 5. Bezorgen en afhalen
- We bezorgen op het adres dat je opgeeft, in het tijdvak dat je kiest, of zo snel mogelijk als je daarvoor kiest. Bezorgtijden zijn een schatting; zijn we later, dan laten we het je weten.
- Zitten er artikelen met een leeftijdsgrens in je bestelling, dan moet er bij de bezorging iemand van 18 jaar of ouder aanwezig zijn om ze in ontvangst te nemen.
- Is er niemand thuis, dan probeert de bezorger contact met je op te nemen. Lukt bezorgen niet, dan kunnen we de bestelling terugbrengen naar de winkel en de bezorgkosten in rekening brengen; bederfelijke artikelen kunnen niet opnieuw worden verkocht.
- Kom bij afhalen binnen je tijdvak met je bestelnummer naar de winkel. Een bestelling die aan het einde van de openingstijden van de winkel niet is afgehaald, kunnen we annuleren.

## 6. Artikelen met een leeftijdsgrens (NIX18)
Alcohol en tabak verkopen we alleen aan mensen van 18 jaar of ouder, net als andere artikelen waarvoor de wet een leeftijdsgrens stelt. Door ze te bestellen verklaar je dat je oud genoeg bent. Lijk je jonger dan 25, dan vraagt onze bezorger of een medewerker van de winkel om een geldig identiteitsbewijs (paspoort, identiteitskaart of rijbewijs). Kun je dat niet laten zien, of lijken de artikelen bedoeld voor iemand die te jong is, dan geven we ze niet mee en betalen we ze terug.

## 7. Een bestelling annuleren en bedenktijd
- Je kunt een bestelling kosteloos annuleren tot de winkel begint met verzamelen, op de pagina van je bestelling of door contact met ons op te nemen.
- Bij een aankoop op afstand heb je volgens het Burgerlijk Wetboek meestal 14 dagen bedenktijd. Die geldt niet voor producten die snel bederven of kort houdbaar zijn (vers en gekoeld eten, brood en gebak, bloemen), niet voor verzegelde producten die om redenen van gezondheid of hygiëne niet terug kunnen en waarvan de verzegeling na de bezorging is verbroken, en niet voor alcoholhoudende dranken waarvan de prijs afhangt van de markt. Ongeopende, lang houdbare artikelen kun je wel binnen 14 dagen na de bezorging annuleren en terugsturen; neem dan eerst contact met ons op.

## 8. Problemen met je bestelling en terugbetalingen
- Ontbreekt er een artikel, of is het beschadigd, kapot of over de datum, meld het ons dan binnen 48 uur (of bij de bezorging); we betalen het terug of vervangen het. Je wettelijke rechten, zoals je recht op een product dat doet wat je ervan mag verwachten, blijven gelden.
- Terugbetalingen gaan naar de kaart waarmee je hebt betaald, meestal binnen 3 tot 5 werkdagen, of naar je winkeltegoed als je dat liever hebt.

## 9. Onze aansprakelijkheid
Wij zijn aansprakelijk voor schade die je lijdt als voorzienbaar gevolg van het niet nakomen van deze voorwaarden of van onvoldoende zorg en vakmanschap. We zijn niet aansprakelijk voor schade die niet voorzienbaar was, voor bedrijfsschade of voor vertraging door omstandigheden buiten onze macht. Niets in deze voorwaarden beperkt onze aansprakelijkheid voor overlijden of letsel door onze nalatigheid, voor fraude, of voor iets anders wat volgens de wet niet kan worden beperkt.

## 10. Je account
Houd je wachtwoord geheim en laat het ons weten als je denkt dat iemand anders je account heeft gebruikt. We kunnen een account blokkeren dat wordt gebruikt voor fraude of misbruik.

## 11. Klachten
We maken het graag goed. Neem contact op via ${supportEmail} of op ${supportPhone}; je krijgt binnen 5 werkdagen antwoord. Kom je er met ons niet uit, dan kun je het geschil voorleggen aan een erkende geschillencommissie of advies vragen bij ConsuWijzer (consuwijzer.nl).

## 12. Wijzigingen in deze voorwaarden
We kunnen deze voorwaarden aanpassen, bijvoorbeeld als de wet verandert. Op een bestelling gelden de voorwaarden van het moment waarop je haar plaatste.

## 13. Toepasselijk recht en rechter
Op deze voorwaarden is Nederlands recht van toepassing. Een geschil kun je voorleggen aan de bevoegde rechter in Nederland, en in elk geval aan de rechter van de plaats waar je woont.`
}

export function dutchPrivacyNotice({
  brandName,
  legalName,
  supportEmail,
  address,
}: DutchLegalParty): string {
  return `In deze verklaring lees je hoe ${legalName}, handelend onder de naam ${brandName}, je persoonsgegevens gebruikt als je bij ons boodschappen doet, en welke rechten je hebt volgens de Algemene verordening gegevensbescherming (AVG).

## Wie verantwoordelijk is voor je gegevens
${legalName}, ${address}, is de verwerkingsverantwoordelijke voor je persoonsgegevens. Heb je een vraag over deze verklaring of over je gegevens, mail dan naar ${supportEmail}.

## Welke gegevens we verzamelen
- **Accountgegevens:** je naam, e-mailadres, telefoonnummer en wachtwoord (alleen bewaard als veilige hash).
- **Bestelgegevens:** wat je hebt gekocht, bij welke winkel, je bezorgadres, je tijdvak, je keuzes voor vervangende artikelen en je eerdere bestellingen.
- **Betaalgegevens:** onze betaalprovider verwerkt je kaartgegevens; wij bewaren alleen een token, het soort kaart en de laatste vier cijfers.
- **Locatie:** de postcode of het adres waarmee je zoekt, en de locatie van je apparaat als je dat toestaat, om winkels bij je in de buurt te vinden.
- **Berichten:** wat je ons stuurt via het contactformulier, bijlagen inbegrepen.
- **Technische gegevens:** je IP-adres, browser en apparaat, en de cookies uit onze cookieverklaring.

## Waarvoor we ze gebruiken en op welke grondslag
| Doel | Grondslag |
| --- | --- |
| Je bestellingen aannemen, verzamelen, bezorgen en klaarzetten; terugbetalingen | Overeenkomst |
| Je account beheren en beveiligen, fraude voorkomen | Overeenkomst; gerechtvaardigd belang |
| De leeftijd controleren bij artikelen met een leeftijdsgrens (NIX18) | Wettelijke verplichting |
| Je vragen en klachten beantwoorden | Gerechtvaardigd belang |
| Aanbiedingen en nieuws sturen per e-mail of sms | Toestemming (die je altijd kunt intrekken) |
| Onze website en winkels verbeteren | Gerechtvaardigd belang |
| Onze boekhouding en belastingadministratie bijhouden | Wettelijke verplichting |

## Met wie we ze delen
We delen alleen wat ieder nodig heeft: de winkel die je bestelling samenstelt, bezorgers en koeriers (je naam, adres, telefoonnummer en bezorgopmerkingen), onze betaalprovider, onze aanbieders van e-mail en sms, onze hosting- en IT-leveranciers en professionele adviseurs. Zij werken in onze opdracht, met een verwerkersovereenkomst. Als de wet het vereist, kunnen we gegevens ook delen met de politie of een toezichthouder. We verkopen je gegevens nooit.

Sommige leveranciers bewaren gegevens buiten de Europese Economische Ruimte. In dat geval beschermen we ze met een adequaatheidsbesluit of met de standaardcontractbepalingen van de Europese Commissie.

## Hoe lang we ze bewaren
- Bestel- en betaalgegevens: 7 jaar na de bestelling, vanwege de fiscale bewaarplicht.
- Je account: tot je het opheft, daarna nog maximaal 2 jaar voor geschillen en het voorkomen van fraude.
- Berichten via het contactformulier: 2 jaar nadat we je vraag hebben afgehandeld.
- Marketingvoorkeuren: tot je je afmeldt, en daarna een afmelding op naam, zodat we je niet opnieuw benaderen.

## Je rechten
Je hebt het recht op inzage in je gegevens, op correctie of verwijdering, op beperking van of bezwaar tegen het gebruik ervan, op overdraagbaarheid van je gegevens en om je toestemming op elk moment in te trekken. Wil je een van deze rechten gebruiken, mail dan naar ${supportEmail}; je krijgt binnen een maand antwoord.

## Klachten
Ben je niet tevreden over hoe we met je gegevens omgaan, laat het ons dan eerst weten. Je kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens: autoriteitpersoonsgegevens.nl.

## Wijzigingen
Wijzigingen in deze verklaring zetten we op deze pagina; over belangrijke wijzigingen sturen we je een e-mail.`
}

export function dutchCookiePolicy({ brandName, supportEmail }: DutchLegalParty): string {
  return `In deze verklaring lees je welke cookies ${brandName} gebruikt en hoe je ze kunt beheren.

## Wat cookies zijn
Cookies zijn kleine tekstbestanden die een website in je browser opslaat.

## De cookies die we gebruiken
We plaatsen alleen strikt noodzakelijke cookies: ze houden je ingelogd, onthouden je mandje, je gekozen winkel en je bezorg- of afhaallocatie, en nemen een melding mee naar de volgende pagina. Zonder deze cookies werkt de site niet, dus vraagt de Telecommunicatiewet er geen toestemming voor. We plaatsen geen voorkeurs-, analytische of advertentiecookies, dus er valt niets te accepteren en er is geen cookiebanner. De diensten onder de tabel (betalen met je kaart, inloggen met Google, Apple of Facebook) werken alleen als je ze gebruikt, onder hun eigen voorwaarden.

In de tabel hieronder staat elke cookie die we plaatsen, wat die doet en hoe lang die blijft bestaan.

## Cookies beheren
Je kunt cookies verwijderen of blokkeren in de instellingen van je browser. Blokkeer je strikt noodzakelijke cookies, dan kun je niet inloggen of afrekenen.

## Contact
Vragen over cookies: ${supportEmail}.`
}
