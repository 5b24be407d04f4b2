const routes: readonly string[] = ['/guides/concept'];

export default routes;
