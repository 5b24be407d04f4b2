import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The framework replacements keep their differential tests beside them.
    include: ['tests/unit/**/*.test.{ts,tsx}', 'framework/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Some tests walk every docs page or code block (parity with the stock highlighter, the content
    // rules): seconds of work on an idle 2-core machine, and several times that while it builds.
    // The limit is there to end a hang, not to measure speed.
    testTimeout: 60_000,
  },
});
