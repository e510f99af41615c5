import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { ServerTime } from '../../../schemas/slots.ts'

/** Now as the slot pages need it: UTC, plus the wall-clock time in the given IANA zone. */
export function serverTime(now: Date, timeZone: string): ServerTime {
  const local = new TZDate(now, timeZone)
  return {
    serverTime: now.toISOString(),
    timeZone,
    localTime: format(local, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx"),
    localDate: format(local, 'yyyy-MM-dd'),
    utcOffset: format(local, 'xxx'),
  }
}
