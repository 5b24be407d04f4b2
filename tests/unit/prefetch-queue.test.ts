import { describe, expect, it } from 'vitest';
import { chunkNamesByRoutePath, createPrefetchQueue, type PrefetchQueueDeps } from '../../src/routing/prefetchQueue';

describe('chunkNamesByRoutePath', () => {
  it('keys the generated table by route path and collects every chunk name of its tree', () => {
    const index = chunkNamesByRoutePath({
      '/-5e9': { __comp: '5e95c892', __context: { plugin: 'aba21aa0' } },
      '/install/docker-b3c': { __comp: '17896441', content: 'be391c7b' },
      // A path with a dash keeps it: only the hash suffix goes.
      '/helm-online-install-0a1': { __comp: '17896441', content: '0e384e19' },
      '/guides-9f2': { __comp: '5e95c892', __props: 'aa11', items: [{ content: 'bb22' }, { content: 'cc33' }] },
    });
    expect(index.get('/')).toEqual(['5e95c892', 'aba21aa0']);
    expect(index.get('/install/docker')).toEqual(['17896441', 'be391c7b']);
    expect(index.get('/helm-online-install')).toEqual(['17896441', '0e384e19']);
    expect(index.get('/guides')).toEqual(['5e95c892', 'aa11', 'bb22', 'cc33']);
  });
});

/**
 * A queue whose idle callbacks run when the test says, on a clock the test moves: each URL
 * lookup costs `lookupMs`, as the bundler's lookup is the costly step.
 */
function harness(chunks: Record<string, string[]>, lookupMs = 0) {
  let clock = 0;
  const idle: (() => void)[] = [];
  const fetched: string[] = [];
  const lookedUp: string[] = [];
  const deps: PrefetchQueueDeps = {
    chunkNamesOf: (route) => chunks[route] ?? [],
    urlOf: (name) => {
      clock += lookupMs;
      lookedUp.push(name);
      if (name === 'merged') return undefined;
      // Two names the bundler put into one file.
      return `/assets/js/${name === 'twin' ? 'b' : name}.js`;
    },
    fetchUrl: (url) => fetched.push(url),
    whenIdle: (work) => idle.push(work),
    now: () => clock,
  };
  const runIdle = () => idle.shift()?.();
  return { queue: createPrefetchQueue(deps, 8), idle, fetched, lookedUp, runIdle };
}

describe('createPrefetchQueue', () => {
  it('does nothing until the main thread is idle', () => {
    const { queue, idle, fetched } = harness({ '/a': ['layout', 'a'] });
    queue.add('/a');
    expect(fetched).toEqual([]);
    expect(idle).toHaveLength(1);
  });

  it('looks each chunk up and requests its file once, however many routes share it', () => {
    const { queue, fetched, lookedUp, runIdle } = harness({
      '/a': ['layout', 'metadata', 'a'],
      '/b': ['layout', 'metadata', 'b', 'twin'],
      '/c': ['layout', 'merged', 'c'],
    });
    for (const route of ['/a', '/b', '/c', '/a']) queue.add(route);
    runIdle();
    expect(lookedUp).toEqual(['layout', 'metadata', 'a', 'b', 'twin', 'merged', 'c']);
    expect(fetched).toEqual([
      '/assets/js/layout.js',
      '/assets/js/metadata.js',
      '/assets/js/a.js',
      '/assets/js/b.js',
      '/assets/js/c.js',
    ]);
  });

  it('works in slices no longer than the budget, and schedules the rest for the next idle time', () => {
    const { queue, idle, fetched, runIdle } = harness(
      {
        '/a': ['layout', 'a1', 'a2', 'a3'],
        '/b': ['layout', 'b1', 'b2', 'b3', 'b4', 'b5'],
      },
      3,
    );
    queue.add('/a');
    queue.add('/b');
    expect(idle).toHaveLength(1);
    runIdle();
    // 3 ms per lookup, 8 ms per slice: the slice stops once its budget is spent, mid-route.
    expect(fetched).toHaveLength(3);
    expect(idle).toHaveLength(1);
    while (idle.length) runIdle();
    expect(fetched).toHaveLength(9);
  });

  it('makes progress even when a single lookup costs more than a slice', () => {
    const { queue, fetched, runIdle } = harness({ '/slow': ['slow'], '/next': ['next'] }, 20);
    queue.add('/slow');
    queue.add('/next');
    runIdle();
    expect(fetched).toEqual(['/assets/js/slow.js']);
    runIdle();
    expect(fetched).toEqual(['/assets/js/slow.js', '/assets/js/next.js']);
  });

  it('asks for one idle callback at a time', () => {
    const { queue, idle } = harness({});
    queue.add('/a');
    queue.add('/b');
    expect(idle).toHaveLength(1);
  });
});
