// The plans a key can carry: rate per sliding minute and history depth. The single source for
// the keys CLI, the limiter and the history-depth rule; a plan's name never changes meaning.
export const PLAN_NAMES = ['free', 'individual', 'professional', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  /** Display name used in messages ("Free plan"). */
  label: string;
  /** Requests per sliding 60 s; null = unlimited (bounded by Config.unlimitedRateCap). */
  ratePerMinute: number | null;
  /** Years of history measured back from today; null = all available history. */
  historyYears: number | null;
}

export const PLANS: Readonly<Record<PlanName, Plan>> = Object.freeze({
  free: { name: 'free', label: 'Free', ratePerMinute: 5, historyYears: 2 },
  individual: { name: 'individual', label: 'Individual', ratePerMinute: 300, historyYears: 5 },
  professional: { name: 'professional', label: 'Professional', ratePerMinute: null, historyYears: null },
  enterprise: { name: 'enterprise', label: 'Enterprise', ratePerMinute: null, historyYears: null },
});

export function isPlanName(s: string): s is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(s);
}

/** The enforced requests-per-minute of a plan (the safety cap for unlimited plans). */
export function enforcedRate(plan: Plan, unlimitedRateCap: number): number {
  return plan.ratePerMinute ?? unlimitedRateCap;
}
