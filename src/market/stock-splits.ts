// Share counts around a split for the stock-splits records: the company's reported cover-page
// shares outstanding (dei, never restated) last dated before the ex-date and first dated on or
// after it, each within SPLIT_SHARES_WINDOW_DAYS; null when the company reported none there.
import { daysBetween } from './market-data.js';

export const SPLIT_SHARES_WINDOW_DAYS = 200;

export function sharesAroundSplit(
  sharesOutstanding: ReadonlyArray<{ date: string; value: number }>,
  splitDate: string,
): { pre: number | null; post: number | null } {
  let pre: { date: string; value: number } | null = null;
  let post: { date: string; value: number } | null = null;
  for (const s of sharesOutstanding) {
    if (!(s.value > 0)) continue;
    if (s.date < splitDate) {
      if (daysBetween(s.date, splitDate) <= SPLIT_SHARES_WINDOW_DAYS && (!pre || s.date > pre.date)) pre = s;
    } else if (daysBetween(splitDate, s.date) <= SPLIT_SHARES_WINDOW_DAYS && (!post || s.date < post.date)) {
      post = s;
    }
  }
  return { pre: pre?.value ?? null, post: post?.value ?? null };
}
