import { describe, expect, it } from 'vitest';
import { deferFirstCall } from './deferFirstCall';

describe('deferFirstCall', () => {
  it('starts the first call once the deferral resolves, and later calls at once', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const preload = deferFirstCall(
      (path: string) => {
        calls.push(path);
        return Promise.resolve(path.length);
      },
      () => gate,
    );

    const first = preload('/install');
    await Promise.resolve();
    expect(calls).toEqual([]);
    const second = preload('/releases');
    // Later calls do not wait for the first one's deferral.
    expect(calls).toEqual(['/releases']);
    release();
    expect(await first).toBe(8);
    expect(await second).toBe(9);
    expect(calls).toEqual(['/releases', '/install']);
  });

  it('passes a rejection of the wrapped function on', async () => {
    const failing = deferFirstCall(
      () => Promise.reject(new Error('chunk failed')),
      () => Promise.resolve(),
    );
    await expect(failing()).rejects.toThrow('chunk failed');
  });
});
