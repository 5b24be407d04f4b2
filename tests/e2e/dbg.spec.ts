import { test } from './fixtures';
test('dbg', async ({ page }) => {
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  let aborted = 0;
  await page.route('**/assets/js/*.js', (route) => { aborted++; return route.abort('failed'); });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Releases', exact: true }).click();
  await page.waitForTimeout(3000);
  console.log('aborted', aborted, page.url());
  console.log((await page.locator('body').innerText()).slice(0, 300));
});
