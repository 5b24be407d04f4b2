// Routes under /archived that exist.
const routes: readonly string[] = [];

export default routes;
