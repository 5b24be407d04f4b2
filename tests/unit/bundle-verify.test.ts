// SHA256SUMS of the offline bundle (server/bundle/checksums.ts): written in `sha256sum -c` format,
// and `node server.mjs --verify` names every file that changed, went missing or was added.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleFiles, checksumsOf, SUMS_FILE, verifyBundle } from '../../server/bundle/checksums';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small bundle folder with its SHA256SUMS. */
function bundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-verify-'));
  made.push(dir);
  mkdirSync(join(dir, 'site', 'guides'), { recursive: true });
  mkdirSync(join(dir, 'site', '.gate'), { recursive: true });
  writeFileSync(join(dir, 'server.mjs'), 'console.log(1);\n');
  writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html><title>Veriq</title>\n');
  writeFileSync(join(dir, 'site', 'guides', 'concept.html'), '<p>guide</p>\n');
  writeFileSync(join(dir, 'site', '.gate', 'manifest.json'), '{}\n');
  writeFileSync(join(dir, SUMS_FILE), checksumsOf(dir));
  return dir;
}

describe('bundle checksums', () => {
  it('list every other file, sorted, relative, in sha256sum format', () => {
    const dir = bundle();
    expect(bundleFiles(dir)).toEqual([
      'server.mjs',
      'site/.gate/manifest.json',
      'site/guides/concept.html',
      'site/index.html',
    ]);
    const lines = checksumsOf(dir).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^[0-9a-f]{64} {2}(server\.mjs|site\/\S+)$/);
    const sha256sum = spawnSync('sha256sum', ['-c', '--quiet', SUMS_FILE], { cwd: dir, encoding: 'utf8' });
    if (!sha256sum.error) expect(sha256sum.status, sha256sum.stdout + sha256sum.stderr).toBe(0);
  });

  it('verify an untouched bundle', () => {
    expect(verifyBundle(bundle())).toEqual({ matched: 4, problems: [] });
  });

  it('name a changed, a missing and an added file', () => {
    const dir = bundle();
    appendFileSync(join(dir, 'site', 'guides', 'concept.html'), '<script>steal()</script>');
    unlinkSync(join(dir, 'server.mjs'));
    writeFileSync(join(dir, 'site', 'extra.html'), 'planted');
    expect(verifyBundle(dir)).toEqual({
      matched: 2,
      problems: [
        'server.mjs: missing',
        'site/guides/concept.html: checksum mismatch (changed since the bundle was made)',
        'site/extra.html: not in SHA256SUMS (added since the bundle was made)',
      ],
    });
  });

  it('refuse a link in place of a file, and paths that leave the folder', () => {
    const dir = bundle();
    unlinkSync(join(dir, 'site', 'index.html'));
    symlinkSync('/etc/hostname', join(dir, 'site', 'index.html'));
    appendFileSync(join(dir, SUMS_FILE), `${'0'.repeat(64)}  ../outside\n${'0'.repeat(64)}  /etc/passwd\nnot a line\n`);
    const { problems } = verifyBundle(dir);
    expect(problems).toEqual([
      'site/index.html: not a regular file',
      'SHA256SUMS line 5: not "<sha256>  <relative path>"',
      'SHA256SUMS line 6: not "<sha256>  <relative path>"',
      'SHA256SUMS line 7: not "<sha256>  <relative path>"',
    ]);
  });

  it('say so when SHA256SUMS itself is gone', () => {
    const dir = bundle();
    unlinkSync(join(dir, SUMS_FILE));
    expect(verifyBundle(dir).problems).toEqual([`${SUMS_FILE}: missing from ${dir}`]);
  });
});
