import type { SITE_PAGE_MESSAGES } from '../page-messages-site.ts'

/** The head, the grocery delivery pages, the home page's departments and the cookie inventory in Dutch. */
export const NL_NL_SITE_PAGE_MESSAGES: Readonly<Record<keyof typeof SITE_PAGE_MESSAGES, string>> = {
  metaTitleAt: '{0} bij {1}',
  metaPageSuffix: ' (pagina {0})',
  metaSavedAddresses: 'Je bewaarde adressen.',
  metaSavedCards: 'Je bewaarde kaarten.',
  metaOrdersAndAccount: 'Je bestellingen en je account.',
  metaPointsAndCredit: 'Je punten en je winkeltegoed.',
  metaDetailsAndData: 'Je gegevens en wat we van je bewaren.',
  metaProfileAndMarketing: 'Je profiel en je voorkeuren voor nieuwsbrieven.',
  metaYourOrderDot: 'Je bestelling.',
  metaYourReceipt: 'Je bon.',
  metaChangeYourOrder: 'Je bestelling wijzigen.',
  metaYourOrdersDot: 'Je bestellingen.',
  metaTrackOrderTitle: 'Bestelling {0} volgen',
  metaWhereYourOrderIs: 'Waar je bestelling nu is.',
  metaCreateAnAccountDot: 'Maak een account aan.',
  metaCreateAccountToCheckOut: 'Maak een account aan om af te rekenen.',
  metaForgottenPassword: 'Wachtwoord vergeten',
  metaResetYourPassword: 'Stel je wachtwoord opnieuw in.',
  metaChangeYourPassword: 'Wijzig je wachtwoord.',
  metaSignInToAccount: 'Log in op je account.',
  metaSignInToCheckOut: 'Log in om af te rekenen.',
  metaSetANewPasswordDot: 'Kies een nieuw wachtwoord.',
  metaReferAFriend:
    'Nodig een vriend uit: jullie krijgen allebei winkeltegoed zodra de eerste bestelling van je vriend is bezorgd.',
  metaWriteTo: 'Schrijf {0}: vragen over een bestelling, feedback of iets anders.',
  metaFaqs: 'Antwoorden op veelgestelde vragen over boodschappen doen bij {0}.',
  metaCheckoutCardDetails: 'Afrekenen: kaartgegevens',
  metaCheckoutPayment: 'Afrekenen: betalen',
  metaCheckoutBillingAddress: 'Afrekenen: factuuradres',
  metaCheckoutGuestOrSignIn: 'Afrekenen: als gast of ingelogd',
  metaCheckoutYourDetails: 'Afrekenen: je gegevens',
  metaYourPayment: 'Je betaling',
  metaOrderConfirmed: 'Bestelling bevestigd',
  metaCategoryDescription:
    'Kies uit {0} producten in {1} bij {2} via {3}: laten bezorgen of zelf afhalen.',
  metaAllStoresPage: 'Alle winkels, pagina {0}',
  metaAllStores:
    'Alle winkels van {0}, per plaats: vind de jouwe en bestel om te laten bezorgen of af te halen.',
  metaSearchResults: 'Zoekresultaten voor ‘{0}’ bij {1}',
  metaSearchStore: 'Zoek bij {0} naar producten, categorieën en aanbiedingen.',
  metaDealsTitle: 'Aanbiedingen bij {0}',
  metaDealsDescription: 'De multi-aanbiedingen, maaltijddeals en kortingen van deze week bij {0}.',
  metaDealsDescriptionNamed:
    'De multi-aanbiedingen, maaltijddeals en kortingen van deze week bij {0}: {1}.',
  metaChooseSlotTitle: 'Kies een tijdvak · {0}',
  metaChooseSlot: 'Kies een bezorg- of afhaaltijd bij {0}.',
  metaChooseDayTitle: 'Kies een dag · {0}',
  metaChooseDay: 'Kies een bezorg- of afhaaldag bij {0}.',
  metaBuyItAgainTitle: 'Nog een keer kopen bij {0}',
  metaBuyItAgain: 'Producten die je eerder bij {0} hebt besteld.',
  metaStoresNear:
    'Winkels van {0} bij {1}: openingstijden, bezorgen, afhalen en minimale besteding.',
  metaDeal: '{0}: {1} bij {2}.',
  metaBuyItem: 'Koop {0} bij {1} via {2}.',
  metaStoreHome:
    'Doe online je boodschappen bij {0} via {1}: boodschappen, aanbiedingen, openingstijden, bezorgen en afhalen.',
  metaStoreHomeWhere:
    'Doe online je boodschappen bij {0} via {1}, {2}: boodschappen, aanbiedingen, openingstijden, bezorgen en afhalen.',
  metaInStoreDisplay: 'Winkelscherm',
  metaOffersAt: 'Aanbiedingen bij {0}',
  metaFavouritesTitle: 'Je favorieten bij {0}',
  metaFavourites: 'Je favoriete producten bij {0}.',
  pageContactSubjectOrder: 'Vraag over een bestelling',
  pageContactSubjectFeedback: 'Feedback',
  pageContactSubjectOther: 'Iets anders',
  pageSomethingWentWrong: 'Er ging iets mis',
  pageThatDidNotWork: 'Sorry, dat lukte niet',
  pageGroceryDeliveryIn: 'Boodschappen bezorgd in {0}',
  pageStoresDeliveringTo: 'Winkels die bezorgen in {0}',
  pageOneStoreDelivers:
    'Eén winkel bezorgt in {0}. Kies hem om de prijzen, aanbiedingen en tijdvakken te zien.',
  pageStoresDeliver:
    '{0} winkels bezorgen in {1}. Kies er een om de prijzen, aanbiedingen en tijdvakken te zien.',
  pageOurStoresIn: 'Onze winkels in {0}',
  pageOurStores: 'Onze winkels',
  pageOrderFromFor: 'Bestel bij {0} om te laten bezorgen of af te halen.',
  metaDistrictDelivery:
    'Bestel boodschappen bij winkels van {0} die bezorgen in postcodegebied {1}: {2}, bezorgen of afhalen.',
  pageDeptFruitVeg: 'Groente & fruit',
  pageDeptFruitVegText: 'Vers, van het seizoen en uit de buurt',
  pageDeptBakery: 'Bakkerij',
  pageDeptBakeryText: 'Elke ochtend vers gebakken in de winkel',
  pageDeptDairy: 'Zuivel & eieren',
  pageDeptDairyText: 'Melk, kaas, yoghurt en meer',
  pageDeptMeatFish: 'Vlees & vis',
  pageDeptMeatFishText: 'Van leveranciers die we vertrouwen',
  pageDeptFrozen: 'Diepvries',
  pageDeptFrozenText: 'Vul je vriezer aan',
  pageDeptDrinks: 'Dranken',
  pageDeptDrinksText: 'Frisdrank, sap en water',
  pageDeptSnacks: 'Snacks & snoep',
  pageDeptSnacksText: 'Lekkers voor elk moment',
  pageDeptHousehold: 'Huishouden',
  pageDeptHouseholdText: 'Schoonmaken en dagelijkse benodigdheden',
  pageStepFindStore: 'Vind je winkel in de buurt',
  pageStepFindStoreText:
    'Vertel ons waar je bent en zie welke winkels bij je bezorgen of waar je dichtbij kunt afhalen.',
  pageStepFillBasket: 'Vul je mandje',
  pageStepFillBasketText: 'Kies uit vers, dagelijkse boodschappen en de aanbiedingen van de week.',
  pageStepPickTime: 'Kies een moment dat jou past',
  pageStepPickTimeText:
    'Laat bezorgen of haal af, zo snel mogelijk of in een tijdvak later in de week.',
  pageUspDelivery: 'Bezorgd aan je deur',
  pageUspSameDay: 'Tijdvakken nog vandaag',
  pageCookieUpTo: 'Tot {0}',
  pageCookieAccess: 'Houdt je ingelogd op je account terwijl je door de site gaat.',
  pageCookieRefresh: 'Verlengt je inlog, zodat je niet wordt uitgelogd tijdens het winkelen.',
  pageCookieSessionKind: 'Onthoudt of je als gast winkelt of bent ingelogd.',
  pageCookieBasket: 'Onthoudt je mandje.',
  pageCookieMemberBasket:
    'Bewaart je mandje als je uitlogt, zodat het er weer is wanneer je opnieuw inlogt.',
  pageCookieBasketSummary:
    'Toont het aantal artikelen en het totaal van je mandje bovenaan de pagina.',
  pageCookieOtp:
    'Onthoudt een inlog met een eenmalige code terwijl je de code invult die we stuurden.',
  pageCookieSocialSignIn:
    'Onthoudt een inlog met Google, Apple of Facebook terwijl je op hun pagina bent, zodat alleen het antwoord op je eigen verzoek je inlogt.',
  pageCookieSocialLink:
    'Onthoudt een inlog met Google, Apple of Facebook die aan je account wordt gekoppeld zodra je daarop inlogt.',
  pageCookieAppVersion:
    'Ruimt opgeslagen winkelgegevens op nadat we iets hebben veranderd waardoor ze niet meer kloppen.',
  pageCookieCheckoutOrder: 'Koppelt je betaling aan de bestelling die je afrekent.',
  pageCookieThreeDSecure:
    'Markeert een veiligheidscontrole van je kaart (3-D Secure) tijdens het betalen.',
  pageCookieLocation:
    'Onthoudt de postcode of het adres waarop je zocht, om de winkels te tonen die daar bezorgen.',
  pageCookieDeepLink:
    'Opent de winkel of afdeling uit een link die je volgde, zodra je je winkel hebt gevonden.',
  pageCookieLastOrder: 'Brengt je terug naar de winkel waar je het laatst bestelde.',
  pageCookieSlotReferrer:
    'Brengt je terug naar je mandje of het afrekenen nadat je je tijdvak hebt gewijzigd.',
  pageCookieFlash: 'Toont een melding (zoals ‘Uitgelogd’) op de volgende pagina die je ziet.',
  pageCookieDevice:
    'Een willekeurig nummer voor deze browser, meegestuurd als je je registreert of bestelt, zodat beloningen voor het uitnodigen van vrienden niet op de eigen browser van de uitnodiger worden geclaimd.',
  pageCookieD1Bookmark:
    'Onthoudt waar je laatste wijziging (zoals iets in je mandje leggen) is opgeslagen, zodat de volgende pagina die toont.',
  pageCookieStaffAccess:
    'Alleen voor winkelpersoneel: houdt medewerkers ingelogd op de winkelconsole.',
  pageCookieStaffRefresh: 'Alleen voor winkelpersoneel: verlengt de inlog van een medewerker.',
  pageCookieStaffChallenge:
    'Alleen voor winkelpersoneel: onthoudt de inlog van een medewerker terwijl de gemailde code wordt ingevuld.',
  pageServiceTurnstile: 'Cloudflare Turnstile',
  pageServiceTurnstileWhere:
    'Bij het gebruiken van een kortingscode of het versturen van het contactformulier, als het aanstaat',
  pageServiceTurnstileNote:
    'Controleert of er een mens, geen robot, een kortingscode gebruikt of ons schrijft. Het plaatst geen cookies.',
  pageServiceCards: 'Betaalprovider voor kaarten',
  pageServiceCardsWhere: 'Alleen bij het betalen met een kaart',
  pageServiceCardsNote:
    'Neemt je kaartgegevens op in een eigen, beveiligd venster of een eigen pagina, zodat wij ze nooit zien; de provider kan daar eigen cookies gebruiken om fraude te voorkomen.',
  pageServiceSocial: 'Inloggen met Google, Apple of Facebook',
  pageServiceSocialWhere: 'Alleen als je kiest voor ‘Doorgaan met’ een van hen',
  pageServiceSocialNote:
    'Je logt in op hun eigen site, onder hun eigen cookiebeleid; ze sturen ons alleen je naam, je e-mailadres en een id van je account daar.',
  pageServiceMaps: 'Kaartafbeeldingen',
  pageServiceMapsWhere:
    'Alleen bij het volgen van je bestelling, als er een kaartprovider is ingesteld',
  pageServiceMapsNote:
    'Kaartafbeeldingen van de buurt rond je bezorgadres; de afbeeldingen plaatsen geen cookies.',
}
