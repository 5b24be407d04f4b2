// The OCI image of the offline docs bundle (tools/bundle/image.ts). The build and the run need
// umoci and root (chroot): where either is missing, only the parsing tests run. The run unpacks
// the image with `umoci unpack` and starts its entrypoint, with its env and user, under chroot in
// the unpacked rootfs: nothing from the host is visible to it, so a missing library fails here.
// A stand-in bundle (a tiny server.mjs) keeps it fast; the real bundle is used when it is built.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildImage,
  bundleName,
  hasCommand,
  imageConfig,
  inspectArchive,
  parseLdd,
  smokeTest,
} from '../../tools/bundle/image';

const LDD = `	linux-vdso.so.1 (0x00007ffd6c5f1000)
	libdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007f0b9b5c1000)
	libstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007f0b9b200000)
	libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0b9ae1e000)
	/lib64/ld-linux-x86-64.so.2 (0x00007f0b9b5da000)
`;

describe('image inputs', () => {
  it('reads the libraries and the loader from ldd, not the vDSO', () => {
    expect(parseLdd(LDD)).toEqual([
      '/lib/x86_64-linux-gnu/libdl.so.2',
      '/lib/x86_64-linux-gnu/libstdc++.so.6',
      '/lib/x86_64-linux-gnu/libc.so.6',
      '/lib64/ld-linux-x86-64.so.2',
    ]);
  });

  it('refuses a binary with a library ldd cannot find', () => {
    expect(() => parseLdd('\tlibicu.so.72 => not found\n')).toThrow(/not found/);
  });

  it('names the image after the bundle', () => {
    expect(bundleName('build-e2e/bundle/veriq-docs-6.5.tar.gz')).toEqual({ name: 'veriq-docs-6.5', tag: '6.5' });
    expect(bundleName('/tmp/x/veriq-docs-6.5/')).toEqual({ name: 'veriq-docs-6.5', tag: '6.5' });
    expect(() => bundleName('site.tar.gz')).toThrow(/veriq-docs-MAJOR.MINOR/);
  });

  it('runs the server as uid 65532 on 0.0.0.0:8080', () => {
    expect(imageConfig('veriq-docs-6.5')).toEqual({
      entrypoint: ['/usr/local/bin/node', '/app/veriq-docs-6.5/server.mjs'],
      env: { PATH: '/usr/local/bin', HOST: '0.0.0.0', PORT: '8080' },
      user: '65532:65532',
      exposedPort: '8080/tcp',
    });
  });
});

const canBuild = hasCommand('umoci') && process.getuid?.() === 0;
const REAL_BUNDLE =
  ['build-e2e/bundle/veriq-docs-6.5.tar.gz', 'build-bundle/veriq-docs-6.5.tar.gz'].find((f) => existsSync(f)) ?? '';
const work = mkdtempSync(join(tmpdir(), 'veriq-docs-image-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A bundle of one server.mjs that answers 200 with a page from site/, as the real one does at /. */
function standIn(): string {
  const dir = join(work, 'stand-in', 'veriq-docs-6.5');
  mkdirSync(join(dir, 'site'), { recursive: true });
  writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html><title>Veriq docs</title>\n');
  writeFileSync(
    join(dir, 'server.mjs'),
    [
      "import { createServer } from 'node:http';",
      "import { readFileSync } from 'node:fs';",
      "const page = readFileSync(new URL('./site/index.html', import.meta.url));",
      "createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page))",
      "  .listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '127.0.0.1');",
      '',
    ].join('\n'),
  );
  const tarball = join(work, 'stand-in', 'veriq-docs-6.5.tar.gz');
  execFileSync('tar', ['-czf', tarball, '-C', join(work, 'stand-in'), 'veriq-docs-6.5']);
  return tarball;
}

describe.runIf(canBuild)('the image, built with umoci and run under chroot', () => {
  it('builds a layout and an oci-archive whose entrypoint answers GET / with 200 as uid 65532', async () => {
    const bundle = standIn();
    const out = join(work, 'out');
    const result = await buildImage({ bundle, outDir: out, epoch: 1767225600 });
    expect(result.archive).toBe(join(out, 'veriq-docs-6.5.oci.tar'));
    expect(readFileSync(`${result.archive}.sha256`, 'utf8')).toBe(`${result.archiveSha256}  veriq-docs-6.5.oci.tar\n`);
    expect(result.layers.map((l) => l.name)).toEqual(['runtime', 'app']);
    expect(result.libraries).toContain('/lib64/ld-linux-x86-64.so.2');

    const smoke = await smokeTest({ layout: result.layout, tag: result.tag });
    expect(smoke.status).toBe(200);
    expect(smoke.uid).toBe(65532);
    expect(smoke.args).toEqual(['/usr/local/bin/node', '/app/veriq-docs-6.5/server.mjs']);
    expect(smoke.env).toContain('HOST=0.0.0.0');

    if (hasCommand('skopeo')) {
      const seen = inspectArchive(result.archive);
      expect(seen).toMatchObject({ Os: 'linux', Digest: result.manifestDigest });
      expect(seen.Layers).toHaveLength(2);
    }

    // Another docs build changes the app layer only: the runtime layer's digest stays, so a
    // registry that holds the previous image skips the 50 MB upload.
    const again = await buildImage({ bundle, outDir: join(work, 'again'), epoch: 1767225600 + 86400 });
    const layers = (layout: string, digest: string) =>
      (
        JSON.parse(readFileSync(join(layout, 'blobs', ...digest.split(':')), 'utf8')) as {
          layers: { digest: string }[];
        }
      ).layers.map((l) => l.digest);
    const [runtimeA, appA] = layers(result.layout, result.manifestDigest);
    const [runtimeB] = layers(again.layout, again.manifestDigest);
    expect(runtimeB).toBe(runtimeA);
    expect(appA).toBeDefined();
  }, 180_000);

  it.runIf(REAL_BUNDLE !== '')(
    'serves the real bundle the same way',
    async () => {
      const result = await buildImage({ bundle: REAL_BUNDLE, outDir: join(work, 'real') });
      const smoke = await smokeTest({ layout: result.layout, tag: result.tag, timeoutMs: 60_000 });
      expect(smoke.status).toBe(200);
      expect(smoke.uid).toBe(65532);
    },
    300_000,
  );
});
