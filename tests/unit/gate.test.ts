import { describe, it } from 'vitest';
import { gateCases, measureGateCost } from '../gate/cases';

// The same cases run under Deno: tests/gate/gate.deno.test.ts (npm run test:deno).
describe('gate (Node)', async () => {
  for (const c of await gateCases()) it(c.name, c.run);
  it('prints the gate cost per request', async () => {
    console.log('gate cost per request, median µs:', await measureGateCost(200));
  });
});
