// A start-time gate for outgoing requests: at most `perSecond` requests begin in any one-second
// window (SEC fair access: 10 per second). Starts are spaced evenly, one slot per caller, in call order.
export interface RateGate {
  /** Books the next start slot: the time (on the gate's clock, ms) the caller may start. */
  reserve(): number;
  /** Resolves when the caller may start its request (reserve, then wait until then). */
  wait(): Promise<void>;
}

export function createRateGate(perSecond: number, now: () => number = () => performance.now()): RateGate {
  if (!(perSecond > 0)) throw new Error('a rate gate needs a positive rate');
  // 1 ms over the even spacing: n+1 starts then always span more than one second, even rounded.
  const spacing = 1000 / perSecond + 1;
  let next = -Infinity;
  const gate: RateGate = {
    reserve() {
      const at = Math.max(now(), next);
      next = at + spacing;
      return at;
    },
    wait() {
      const delay = gate.reserve() - now();
      return delay <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, Math.ceil(delay)));
    },
  };
  return gate;
}
