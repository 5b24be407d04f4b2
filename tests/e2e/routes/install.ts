// Top-level install and operations routes that exist, in sidebar order.
const routes: readonly string[] = ['/'];

export default routes;
