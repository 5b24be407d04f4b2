/**
 * Wraps an async function so that its first call starts only once `defer` resolves (for example
 * after a new task), while later calls start at once. See ./routePreload.ts for why.
 */
export function deferFirstCall<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  defer: () => Promise<void>,
): (...args: A) => Promise<R> {
  let first = true;
  return (...args) => {
    if (!first) return fn(...args);
    first = false;
    return defer().then(() => fn(...args));
  };
}

/** Resolves in a task of its own, after the one running now. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
