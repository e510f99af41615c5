import { MESSAGES } from '../../../schemas/messages.ts'
import { ALLERGEN_LABELS } from '../../../schemas/food-information.ts'

/*
 * The words an item's islands show only after a press, named for island(…, { texts }) so their
 * translations travel with them (client/components/Island.tsx): a Dutch page's browser cannot
 * translate on its own. An English page writes none of them.
 */

/** The option picker's: its status line, the age question, a refused choice or quantity. */
export const ITEM_OPTIONS_TEXTS: ReadonlyArray<string> = [
  MESSAGES.pageAddingToBasket,
  MESSAGES.addedToBasket,
  MESSAGES.pageViewBasket,
  MESSAGES.ageRestricted,
  MESSAGES.pageIAmAgeOrOver,
  MESSAGES.pageCancel,
  MESSAGES.quantityRequired,
  MESSAGES.itemLimitReached,
  MESSAGES.itemLimitAtMost,
  MESSAGES.optionNotAvailable,
  MESSAGES.optionUnknown,
  MESSAGES.optionValueOutOfStock,
  MESSAGES.optionChoose,
  MESSAGES.optionChooseAtLeast,
  MESSAGES.optionChooseOnlyOne,
  MESSAGES.optionChooseUpTo,
]

/** The quick view's: the whole dialog (prices, facts, options), drawn only once it opens. */
export const QUICK_VIEW_TEXTS: ReadonlyArray<string> = [
  ...ITEM_OPTIONS_TEXTS,
  MESSAGES.pageLoading,
  MESSAGES.pageSeeFullDetails,
  MESSAGES.pageOfItem,
  MESSAGES.pageClose,
  MESSAGES.pageNowPrice,
  MESSAGES.pageWasPrice,
  MESSAGES.pageEstPrefix,
  MESSAGES.weighedEstimateEach,
  MESSAGES.weighedEstimatePer,
  MESSAGES.weighedPerKg,
  MESSAGES.weighedFinalPrice,
  MESSAGES.weighedChooseWeight,
  MESSAGES.pageWeightChoice,
  MESSAGES.pageDescription,
  MESSAGES.pageIngredients,
  MESSAGES.pageContainsColon,
  MESSAGES.pageMayContainColon,
  MESSAGES.pageAllergensInBold,
  MESSAGES.pageNutrition,
  MESSAGES.pageTypicalValues,
  MESSAGES.pageTypicalValuesPer,
  MESSAGES.pageTypicalValuesAndPer,
  MESSAGES.pagePer100G,
  MESSAGES.pagePer100Ml,
  MESSAGES.pagePerPortion,
  MESSAGES.pageEnergy,
  MESSAGES.pageFat,
  MESSAGES.pageOfWhichSaturates,
  MESSAGES.pageCarbohydrate,
  MESSAGES.pageOfWhichSugars,
  MESSAGES.pageFibre,
  MESSAGES.pageProtein,
  MESSAGES.pageSalt,
  MESSAGES.pageFoodInformation,
  MESSAGES.pageStorageAndUse,
  MESSAGES.pageCountryOfOrigin,
  MESSAGES.pageNetQuantity,
  MESSAGES.pageFoodBusinessOperator,
  ...Object.values(ALLERGEN_LABELS),
  MESSAGES.pageQuantity,
  MESSAGES.pageOneFewer,
  MESSAGES.pageOneMore,
  MESSAGES.pageAddToBasket,
  MESSAGES.pageOutOfStock,
  MESSAGES.pageRequired,
  MESSAGES.pageNone,
  MESSAGES.pageChooseCount,
  MESSAGES.pageChooseRange,
  MESSAGES.pageOptionalChooseUpTo,
  MESSAGES.pageFirstFree,
  MESSAGES.pageRemoveOne,
  MESSAGES.pageAddOne,
  MESSAGES.pageQuantityNamedChosen,
]

/** The card's one-press add: the stepper that replaces it, the age question, the wait. */
export const QUICK_ADD_TEXTS: ReadonlyArray<string> = [
  MESSAGES.pageNamedInYourBasket,
  MESSAGES.pageRemoveOne,
  MESSAGES.pageInBasket,
  MESSAGES.pageAddOneMore,
  MESSAGES.ageRestricted,
  MESSAGES.pageIAmAgeOrOver,
  MESSAGES.pageCancel,
  MESSAGES.pageAdding,
]
