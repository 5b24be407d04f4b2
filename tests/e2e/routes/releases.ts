// Routes under /releases that exist, in sidebar order.
const routes: readonly string[] = [
  '/releases/intro',
  '/releases/2025-03',
  '/releases/2025-02',
  '/releases/2025-01',
  '/releases/2024-04',
  '/releases/2024-02',
  '/releases/2024-01',
  '/releases/2023-04',
  '/releases/2023-03',
  '/releases/2023-02',
];

export default routes;
