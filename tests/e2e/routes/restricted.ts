// Routes under /restricted that exist.
const routes: readonly string[] = [
  '/restricted/architecture-deployment-patterns',
  '/restricted/generic-6.2-upgrade',
  '/restricted/ss-6.2-upgrade',
  '/restricted/pgsql-migrate',
];

export default routes;
