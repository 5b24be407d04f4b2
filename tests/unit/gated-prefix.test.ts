import { describe, expect, it } from 'vitest';
import { GATED_PREFIX, isGatedPath } from '../../shared/guide-gate/rules';
import { classifyPath, GUIDES_PREFIX } from '../../server/guide-gate/paths';

// The server decides on its own copy of the prefix (Deno loads server/ without shared/'s
// extensionless imports); the browser, search records and MCP data read shared/'s.
describe('the gated prefix', () => {
  it('is the same for the server and for everything else', () => {
    expect(GUIDES_PREFIX).toBe(GATED_PREFIX);
  });

  it('gates the same paths on both sides', () => {
    for (const path of ['/guides', '/guides/concept', '/guides/connections/snowflake', '/guidesx', '/install']) {
      expect(classifyPath(path, new Set()).kind === 'guide-page', path).toBe(isGatedPath(path));
    }
  });
});
