import { type WhiteLabelSettings, WhiteLabelSettingsSchema } from '../../../schemas/brand.ts'
import type { ImageDensity } from '../../../schemas/content.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'

/** One stored section of a brand's white-label settings. */
export interface SettingsSection {
  section: string
  settingsJson: string
}

/**
 * Merges a brand's stored sections with the defaults of every section (spec §9). A section that
 * does not parse is an operator's data error: the spec's 'Unable to load global white label
 * settings', with the cause logged.
 */
export function mergeWhiteLabelSettings(
  sections: ReadonlyArray<SettingsSection>,
  brandId: number
): WhiteLabelSettings {
  try {
    const stored: Record<string, unknown> = {}
    for (const { section, settingsJson } of sections) stored[section] = JSON.parse(settingsJson)
    return WhiteLabelSettingsSchema.parse(stored)
  } catch (error) {
    logError(error, { event: 'invalid white-label settings', brandId })
    throw new AppError('internal_error', MESSAGES.whiteLabelSettingsFailed, { cause: error })
  }
}

/**
 * The image density a device with this pixel ratio should load (spec §3 image sizes); without
 * one, 2x, which suits most phones.
 */
export function imageDensityFor(screenScale: number | undefined): ImageDensity {
  if (screenScale === undefined) return 'xhdpi_2x'
  if (screenScale < 1.5) return 'mdpi_1x'
  return screenScale < 2.5 ? 'xhdpi_2x' : 'xxhdpi_3x'
}
