import { describe, expect, it } from 'vitest'
import {
  brandFieldsBody,
  brandFormErrors,
  settingsJson,
  storeSearchSettings,
} from '../../../worker/pages/store/operator/brands/form-input.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { logoDisplaySize } from '../../../worker/backend/operator/brands/service.ts'

describe('the brand forms', () => {
  it('send the colour fields as the colours object, the font defaulting to system', () => {
    expect(
      brandFieldsBody({ name: 'A', slug: 'a', primary: '#000000', text: '#111111', font: '' })
    ).toMatchObject({
      name: 'A',
      slug: 'a',
      font: 'system',
      colors: { primary: '#000000', text: '#111111', accent: '' },
    })
  })

  it('put colour and settings errors at their form fields, saying the settings path', () => {
    const refused = new AppError('validation_error', 'x', {
      fields: [
        { field: 'colors.primaryText', message: 'Primary text on primary is 2:1; …' },
        { field: 'settings.heroTitle', message: 'Expected text' },
        { field: 'file', message: 'Choose an image to upload.' },
      ],
    })
    expect(brandFormErrors(refused)).toEqual({
      primaryText: 'Primary text on primary is 2:1; …',
      settings: 'heroTitle: Expected text',
      file: 'Choose an image to upload.',
    })
    expect(brandFormErrors(new AppError('upstream_error', 'Provider down'))).toEqual({
      form: 'Provider down',
    })
    expect(() => brandFormErrors(new AppError('not_found', 'gone'))).toThrow('gone')
  })

  it('turn the store search variant into the section’s flags, keeping its other keys', () => {
    const current = {
      enableStoresSearchByAddress: false,
      autoSelectClosestStore: false,
      enableDeviceLocation: false,
    }
    expect(storeSearchSettings('closest', current)).toEqual({
      enableStoresSearchByAddress: false,
      autoSelectClosestStore: true,
      enableDeviceLocation: false,
    })
    expect(storeSearchSettings('address', current)?.enableStoresSearchByAddress).toBe(true)
    expect(storeSearchSettings('anything', current)).toBeNull()
  })

  it('read a settings textarea as a JSON object only', () => {
    expect(settingsJson('{"a":1}')).toEqual({ settings: { a: 1 } })
    for (const bad of ['[1]', 'nope', '', 'null']) {
      expect(settingsJson(bad)).toEqual({ error: 'This is not valid JSON.' })
    }
  })

  it('size a logo to the header’s 40 px, its width in ratio', () => {
    expect(logoDisplaySize(800, 200)).toEqual({ width: 160, height: 40 })
    expect(logoDisplaySize(1, 1)).toEqual({ width: 40, height: 40 })
  })
})
