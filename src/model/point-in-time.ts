// The point in time a query asks for: the facts filed by a day, and/or each period as first
// reported. Read by the fact filter (xbrl/point-in-time-view.ts), the computed records
// (point-in-time/) and the API's parameters.
export interface PointInTime {
  /** YYYY-MM-DD: only facts filed on or before this day; null = every fact. */
  asOf: string | null;
  /** Per concept, unit and period only the facts of the first filing that reported it (among those kept by asOf). */
  firstFiled: boolean;
}
