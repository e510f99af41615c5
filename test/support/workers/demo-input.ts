import manchesterPostcodesCsv from '../../../data/uk-postcodes-manchester-central.csv?raw'
import outcodesCsv from '../../../data/uk-outcodes.csv?raw'
import type { DemoDataInput } from '../../../scripts/demo-data/generate.ts'

/** The shipped CSV files, imported as text through Vite so the Workers pool needs no file system. */
export const DEMO_INPUT: DemoDataInput = { outcodesCsv, manchesterPostcodesCsv }
