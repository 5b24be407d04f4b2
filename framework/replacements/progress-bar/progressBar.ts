// The browser build's `nprogress` (./wiring.ts points the package here): the part of its
// API that theme-classic's progress-bar client module calls (configure, start, done), drawing
// the same elements (#nprogress > .bar > .peg, styled by the theme's nprogress.css) with
// nprogress 0.2.0's settings, in a quarter of its size. The spec asks for the bar on a slow
// navigation; the theme starts it 200 ms into one and finishes it when the page renders.

const SPEED_MS = 200;
const TRICKLE_MS = 800;
const MINIMUM = 0.08;

/** nprogress's trickle: a random step of up to 2%, never reaching the end. */
export function trickle(status: number, random: number = Math.random()): number {
  return Math.min(status + random * 0.02, 0.994);
}

let status: number | null = null;
let bar: HTMLElement | null = null;

function render(): HTMLElement {
  if (bar) return bar;
  const root = document.createElement('div');
  root.id = 'nprogress';
  root.innerHTML = '<div class="bar" role="bar"><div class="peg"></div></div>';
  document.body.appendChild(root);
  bar = root.firstElementChild as HTMLElement;
  bar.style.transform = 'translate3d(-100%,0,0)';
  return bar;
}

function set(next: number): void {
  const element = render();
  const starting = status === null;
  status = next === 1 ? null : Math.max(MINIMUM, Math.min(next, 1));
  const root = element.parentElement!;
  if (starting) {
    // Back from fading out, if a navigation starts while the last one's bar is leaving.
    root.style.opacity = '';
    root.style.transition = '';
    // Painted once at its start before it moves, so the first step transitions too.
    void element.offsetWidth;
  }
  element.style.transition = `all ${SPEED_MS}ms ease`;
  element.style.transform = `translate3d(${(-1 + (status ?? 1)) * 100}%,0,0)`;
  if (next !== 1) return;
  // A navigation that starts while the bar is finishing keeps it: neither fade nor removal.
  setTimeout(() => {
    if (status !== null) return;
    root.style.transition = `all ${SPEED_MS}ms linear`;
    root.style.opacity = '0';
    setTimeout(() => {
      if (status !== null) return;
      root.remove();
      if (bar === element) bar = null;
    }, SPEED_MS);
  }, SPEED_MS);
}

function start(): void {
  if (status === null) set(0);
  const work = () => {
    if (status === null) return;
    set(trickle(status));
    setTimeout(work, TRICKLE_MS);
  };
  setTimeout(work, TRICKLE_MS);
}

function done(): void {
  if (status !== null) set(1);
}

// theme-classic turns the spinner off; this bar has none.
function configure(): void {}

export default { configure, start, done };
