// Layout rules a reader would notice broken, checked in the page (tests/e2e/layout-rules.spec.ts).
// Each function runs in the browser through page.evaluate, so it takes no closure.
import type { Page } from '@playwright/test';

export interface Breach {
  mode: string;
  /** The page's overflow in CSS pixels, or a clipped box. */
  rule: 'page-overflow' | 'clipped';
  detail: string;
}

/**
 * In each colour mode: the page is no wider than the viewport, and no clipping box in an open dialog
 * or a navbar item is narrower than its content, unless meant to scroll across (code, a text field,
 * a focusable wide table). Search results scroll down only. One-pixel screen-reader labels are skipped.
 */
export function layoutBreaches(page: Page, modes: readonly string[]): Promise<Breach[]> {
  return page.evaluate((modeList) => {
    const root = document.documentElement;
    const original = root.getAttribute('data-theme');
    const describe = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      Array.from(el.classList)
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
    const found: Breach[] = [];
    for (const mode of modeList) {
      root.setAttribute('data-theme', mode);
      const overflow = root.scrollWidth - root.clientWidth;
      if (overflow > 0) found.push({ mode, rule: 'page-overflow', detail: `${overflow} px wider than the screen` });
      const scopes = Array.from(
        document.querySelectorAll<HTMLElement>('dialog[open], .navbar__item, .navbar__brand, .navbar-sidebar__item'),
      );
      const seen = new Set<Element>();
      for (const scope of scopes) {
        if (scope.getClientRects().length === 0) continue;
        for (const el of [scope, ...Array.from(scope.querySelectorAll<HTMLElement>('*'))]) {
          if (seen.has(el)) continue;
          seen.add(el);
          if (el.clientWidth <= 1 || el.getClientRects().length === 0) continue;
          if (el.matches('input, textarea, select, table[tabindex="0"]') || el.closest('pre')) continue;
          const style = getComputedStyle(el);
          if (style.overflowX === 'visible' || style.visibility === 'hidden') continue;
          if (el.scrollWidth <= el.clientWidth + 1) continue;
          const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
          found.push({
            mode,
            rule: 'clipped',
            detail: `${describe(el)} in ${describe(scope)} shows ${el.clientWidth} of ${el.scrollWidth} px ("${text}")`,
          });
        }
      }
    }
    if (original === null) root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', original);
    return found;
  }, modes);
}

/** Starts counting layout shifts in the page, including those right after an input. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift' });
  });
}

/**
 * The layout shift since watchLayoutShifts, or since the last call. Shifts within 0.5 s of an
 * input are counted too: Lighthouse leaves them out as expected, but a reader still sees the
 * article jump under the button they just tapped.
 */
export function takeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: number[] };
    const total = w.__shifts.reduce((sum, value) => sum + value, 0);
    w.__shifts = [];
    return total;
  });
}
