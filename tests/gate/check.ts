// The assertions the gate's shared cases use: plain throws, so the same cases run under Vitest
// and Deno's test runner alike.
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function equal<T>(actual: T, expected: T, what: string): void {
  check(actual === expected, `${what}: expected ${String(expected)}, got ${String(actual)}`);
}
