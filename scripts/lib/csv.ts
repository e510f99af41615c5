import { parse } from 'csv-parse/sync'

/**
 * Parses RFC 4180 CSV text (header row first) into records keyed by the header's names: with
 * csv-parse, the same library the operator console's catalogue import reads files with (ADR 029).
 */
export function parseCsv(text: string): Array<Record<string, string>> {
  const [header, ...body]: Array<Array<string>> = parse(text, {
    skip_empty_lines: true,
    relax_column_count: true,
  })
  if (!header) return []
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])))
}
