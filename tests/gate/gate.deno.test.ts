// Runs the gate's unit tests on Deno, the runtime of Netlify's edge functions: `npm run test:deno`.
import { gateCases, measureGateCost } from './cases.ts';

for (const c of await gateCases()) Deno.test(c.name, c.run);
Deno.test('prints the gate cost per request', async () => {
  console.log('gate cost per request on Deno, median µs:', await measureGateCost(200));
});
