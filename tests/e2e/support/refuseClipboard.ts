// A browser that refuses every clipboard write, as one does when the reader (or a policy) has
// denied the permission: what Copy page then offers is what these tests look at.
import type { Page } from '@playwright/test';

/** From the next page on, `navigator.clipboard` rejects every write with NotAllowedError. */
export async function refuseClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { write: refuse, writeText: refuse } });
  });
}
