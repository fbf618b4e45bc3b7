// A profile's IPO date: the first trading day of the symbol's price history when it falls in the
// IPO year profiles.csv states, else null (a history that starts later, or a year that disagrees,
// says nothing about the day of the IPO).

export function ipoDate(firstTradingDay: string | null | undefined, ipoYear: number | null | undefined): string | null {
  if (!firstTradingDay || ipoYear == null || !/^\d{4}-\d{2}-\d{2}$/.test(firstTradingDay)) return null;
  return Number(firstTradingDay.slice(0, 4)) === ipoYear ? firstTradingDay : null;
}
