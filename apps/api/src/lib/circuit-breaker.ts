import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, circuitBreaker, handleType } from 'cockatiel';

/** A call that failed because the other side is down (unreachable, timed out, a 5xx), not because it said no. */
export class OutageError extends Error {}

export type CircuitStateName = 'closed' | 'open' | 'half-open';

export type Circuit = {
  /**
   * Runs a call to the service. An OutageError counts toward opening the circuit; once open, calls fail at once
   * with an OutageError until a trial call after `halfOpenAfterMs` succeeds. Other errors pass through uncounted.
   */
  run: <T>(call: () => Promise<T>) => Promise<T>;
  state: () => CircuitStateName;
};

export type CircuitOptions = {
  /** Consecutive outages that open the circuit. */
  failures?: number;
  halfOpenAfterMs?: number;
  onStateChange?: (state: CircuitStateName) => void;
};

const names: Record<CircuitState, CircuitStateName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/**
 * A circuit breaker (cockatiel) in front of one outside service (a provider, the mail server): during an outage the
 * jobs calling it fail in microseconds instead of each waiting out its timeout, and the service is not hammered
 * while it recovers. The engine retries those jobs later, so nothing is lost.
 */
export function createCircuit(service: string, options: CircuitOptions = {}): Circuit {
  const policy = circuitBreaker(handleType(OutageError), {
    halfOpenAfter: options.halfOpenAfterMs ?? 15_000,
    breaker: new ConsecutiveBreaker(options.failures ?? 5),
  });
  policy.onStateChange((state) => options.onStateChange?.(names[state]));
  return {
    async run(call) {
      try {
        return await policy.execute(call);
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          throw new OutageError(`${service} is unavailable (circuit open after repeated failures)`);
        }
        throw error;
      }
    },
    state: () => names[policy.state],
  };
}

/** A 5xx answer: counted as an outage, then handed back to the caller to read. */
class ServerTrouble extends OutageError {
  constructor(readonly response: Response) {
    super(`the service answered ${response.status}`);
  }
}

/**
 * fetch through a circuit: unreachable, timed out or open answers OutageError; a 5xx counts toward opening the
 * circuit and is still returned, so the caller reads the service's own message.
 */
export async function fetchThrough(circuit: Circuit, url: string, init: RequestInit): Promise<Response> {
  try {
    return await circuit.run(async () => {
      let response: Response;
      try {
        response = await fetch(url, init);
      } catch (error) {
        throw new OutageError(`unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.status >= 500) throw new ServerTrouble(response);
      return response;
    });
  } catch (error) {
    if (error instanceof ServerTrouble) return error.response;
    throw error;
  }
}
