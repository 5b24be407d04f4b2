// Routes of /guides/utilities that exist, in sidebar order.
const routes: readonly string[] = [
  '/guides/utilities/intro',
  '/guides/utilities/executing-workflows-groovy',
  '/guides/utilities/executing-workflows-python',
];

export default routes;
