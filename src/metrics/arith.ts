// Null-propagating arithmetic for derived metrics: a missing input gives null, never 0, and a
// ratio whose denominator must be positive to mean anything is null otherwise.

export type N = number | null;

export function add(...xs: N[]): N {
  let s = 0;
  for (const x of xs) { if (x === null) return null; s += x; }
  return s;
}

export function sub(a: N, b: N): N {
  return a === null || b === null ? null : a - b;
}

export function mul(a: N, b: N): N {
  return a === null || b === null ? null : a * b;
}

/** a / b; null when either is missing or b is 0. */
export function div(a: N, b: N): N {
  return a === null || b === null || b === 0 ? null : a / b;
}

/** a / b where b must be positive to be meaningful (equity, revenue, earnings, EV...). */
export function divPos(a: N, b: N): N {
  return a === null || b === null || !(b > 0) ? null : a / b;
}

export function pct(x: N): N {
  return x === null ? null : x * 100;
}

export function neg(x: N): N {
  return x === null ? null : -x;
}

export function abs(x: N): N {
  return x === null ? null : Math.abs(x);
}

/** Average of a balance at the window's start and end (null if either is missing). */
export function avg(start: N, end: N): N {
  return start === null || end === null ? null : (start + end) / 2;
}

/** x when reported, else `fallback` (used for components documented as optional). */
export function or(x: N | undefined, fallback: N): N {
  return x === null || x === undefined ? fallback : x;
}
