// Routes of /guides/use-cases that exist, in sidebar order.
const routes: readonly string[] = [];

export default routes;
