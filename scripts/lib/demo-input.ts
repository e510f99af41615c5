import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DemoDataInput } from '../demo-data/generate.ts'
import { PROJECT_ROOT } from './wrangler.ts'

/** The shipped CSV files the demo data is drawn from (the Workers pool imports them `?raw`). */
export function readDemoInput(): DemoDataInput {
  const csv = (name: string) => readFileSync(join(PROJECT_ROOT, 'data', name), 'utf8')
  return {
    outcodesCsv: csv('uk-outcodes.csv'),
    manchesterPostcodesCsv: csv('uk-postcodes-manchester-central.csv'),
  }
}
