// @vitest-environment happy-dom
import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoginOnceKnown } from '../../src/auth/useLoginOnceKnown';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ loggedIn, login }: { loggedIn: boolean | null; login: () => void }) {
  const onLogin = useLoginOnceKnown(loggedIn, login);
  return (
    <button type="button" onClick={onLogin}>
      Login
    </button>
  );
}

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((unmount) => unmount()));

async function mount(loggedIn: boolean | null, login: () => void) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const render = (next: boolean | null) => act(async () => root.render(<Probe loggedIn={next} login={login} />));
  await render(loggedIn);
  roots.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  const tap = () => act(async () => container.querySelector('button')!.click());
  return { render, tap };
}

describe('Login before the session is known (a tap is kept, never dropped)', () => {
  it('keeps a tap and signs in once, when the reader turns out to be signed out', async () => {
    const login = vi.fn();
    const { render, tap } = await mount(null, login);
    await tap();
    await tap();
    expect(login).not.toHaveBeenCalled();
    await render(false);
    expect(login).toHaveBeenCalledTimes(1);
    await render(false);
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('drops a kept tap when the reader turns out to be signed in', async () => {
    const login = vi.fn();
    const { render, tap } = await mount(null, login);
    await tap();
    await render(true);
    await render(false);
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in at once when the session is known, and not without a tap', async () => {
    const login = vi.fn();
    const { render, tap } = await mount(null, login);
    await render(false);
    expect(login).not.toHaveBeenCalled();
    await tap();
    expect(login).toHaveBeenCalledTimes(1);
  });
});
