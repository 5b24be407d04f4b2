// The offline bundle's server as an OCI image, built without a container daemon. The root file
// system holds the Node binary of the toolchain (tools/toolchain/use-node.sh: the npm package
// node-linux-<arch> at the .nvmrc version), the shared libraries `ldd` names for it (copied from
// this host), a passwd entry for uid 65532 and the unpacked bundle. GNU tar writes the two layers
// (runtime, app) with fixed owners and times; umoci assembles the image. The oci-archive tarball is
// the layout as one file, the form `skopeo copy oci-archive:… docker://…` pushes to a registry.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/** A tool this build needs is missing, or an input is not what it should be: a message, no stack. */
export class ImageSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageSetupError';
  }
}

export const NONROOT_UID = 65532;
export const IMAGE_PORT = 8080;
export const NODE_PATH = '/usr/local/bin/node';

export interface ImageOptions {
  /** The bundle: `veriq-docs-6.5.tar.gz`, or the folder it unpacks to (`veriq-docs-6.5/`). */
  bundle: string;
  /** Where the layout folder and the archive go; default: the bundle's folder. */
  outDir?: string;
  /** The Node binary to put in the image; default: the toolchain's (see nodeBinary). */
  node?: string;
  /** Seconds since 1970 for every file time and the image's `created`; default SOURCE_DATE_EPOCH, else now. */
  epoch?: number;
  log?: (line: string) => void;
}

export interface ImageResult {
  /** `veriq-docs-6.5` */
  name: string;
  /** `6.5`, the tag in the layout and the one customers push */
  tag: string;
  layout: string;
  archive: string;
  /** sha256 of the archive, also written to `<archive>.sha256` in `sha256sum` format */
  archiveSha256: string;
  manifestDigest: string;
  layers: { name: string; bytes: number; compressedBytes: number }[];
  archiveBytes: number;
  nodeVersion: string;
  libraries: string[];
}

/** What the image runs: the config umoci writes and the smoke test checks. */
export function imageConfig(name: string): {
  entrypoint: string[];
  env: Record<string, string>;
  user: string;
  exposedPort: string;
} {
  return {
    entrypoint: [NODE_PATH, `/app/${name}/server.mjs`],
    env: { PATH: '/usr/local/bin', HOST: '0.0.0.0', PORT: String(IMAGE_PORT) },
    user: `${NONROOT_UID}:${NONROOT_UID}`,
    exposedPort: `${IMAGE_PORT}/tcp`,
  };
}

/** `veriq-docs-6.5.tar.gz` or `veriq-docs-6.5/` → name `veriq-docs-6.5`, tag `6.5`. */
export function bundleName(bundle: string): { name: string; tag: string } {
  const name = basename(bundle.replace(/\/+$/, '')).replace(/\.tar\.gz$|\.tgz$/, '');
  const match = /^veriq-docs-(\d+\.\d+(?:\.\d+)?)$/.exec(name);
  if (!match) throw new ImageSetupError(`${bundle}: expected a bundle named veriq-docs-MAJOR.MINOR(.tar.gz)`);
  return { name, tag: match[1] };
}

/**
 * The files `ldd` resolves for a binary: `libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)` and
 * the loader `/lib64/ld-linux-x86-64.so.2 (0x…)`. The vDSO has no file; "not found" is an error,
 * because the image would not start.
 */
export function parseLdd(output: string): string[] {
  const paths: string[] = [];
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('linux-vdso') || line.startsWith('linux-gate')) continue;
    if (/=>\s*not found/.test(line)) throw new ImageSetupError(`ldd: ${line}`);
    if (line.includes('statically linked')) continue;
    const resolved = /=>\s*(\/\S+)/.exec(line) ?? /^(\/\S+)\s/.exec(line);
    if (resolved && !paths.includes(resolved[1])) paths.push(resolved[1]);
  }
  return paths;
}

function run(command: string, args: string[], opts: { cwd?: string; input?: string } = {}): string {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd: opts.cwd,
    input: opts.input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new ImageSetupError(`${command} is not installed (${HINTS[command] ?? 'install it'})`);
  }
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`.trim();
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}${output ? `:\n${output}` : ''}`);
  }
  return result.stdout;
}

const HINTS: Record<string, string> = {
  umoci: 'Debian: apt-get install -y umoci',
  skopeo: 'Debian: apt-get install -y skopeo',
  ldd: 'Debian: libc-bin',
  tar: 'GNU tar',
  chroot: 'coreutils',
};

/** Whether a command can be started here, for tests that need it. */
export function hasCommand(command: string): boolean {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return !result.error;
}

const ARCH: Record<string, { npm: string; oci: string }> = {
  x64: { npm: 'x64', oci: 'amd64' },
  arm64: { npm: 'arm64', oci: 'arm64' },
};

/**
 * The toolchain's Node: the binary use-node.sh unpacked from the npm package node-linux-<arch> at
 * the .nvmrc version, or, when that cache is absent, the same package fetched with `npm pack`.
 */
export function nodeBinary(root: string, log: (line: string) => void = () => {}): { path: string; license?: string } {
  const want = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
  const arch = ARCH[process.arch];
  if (!arch) throw new ImageSetupError(`no node-linux package for ${process.arch}`);
  const cacheRoot = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  const cached = join(cacheRoot, 'veriq-docs', `node-${want}-linux-${arch.npm}`);
  if (existsSync(join(cached, 'bin', 'node'))) {
    return {
      path: join(cached, 'bin', 'node'),
      license: existsSync(join(cached, 'LICENSE')) ? join(cached, 'LICENSE') : undefined,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'veriq-node-'));
  log(`fetching node-linux-${arch.npm}@${want} with npm pack`);
  run('npm', ['pack', '--silent', `node-linux-${arch.npm}@${want}`, '--pack-destination', dir]);
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new ImageSetupError(`npm pack node-linux-${arch.npm}@${want} wrote no archive`);
  run('tar', ['-xzf', join(dir, tgz), '-C', dir]);
  return { path: join(dir, 'package', 'bin', 'node'), license: join(dir, 'package', 'LICENSE') };
}

function sha256File(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', fail)
      .on('end', () => done(hash.digest('hex')));
  });
}

function epochOf(opts: ImageOptions): number {
  if (opts.epoch !== undefined) return opts.epoch;
  const fromEnv = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Date.now() / 1000);
}

/** A layer tarball of `members` under `dir`: sorted, owned by root, every time set to the epoch. */
function layerTar(dir: string, members: string[], out: string, epoch: number, extra: string[] = []): number {
  run('tar', [
    '--create',
    '--file',
    out,
    '--directory',
    dir,
    '--format=pax',
    '--sort=name',
    `--mtime=@${epoch}`,
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime',
    ...extra,
    ...members,
  ]);
  return statSync(out).size;
}

function copyInto(rootfs: string, hostPath: string, imagePath: string, mode: number): void {
  const target = join(rootfs, imagePath);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(realpathSync(hostPath), target);
  chmodSync(target, mode);
}

/** The Debian package that owns a file, for its copyright notice; null off Debian. */
function debianPackageOf(path: string): string | null {
  const result = spawnSync('dpkg', ['-S', path], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  return result.stdout.split(':')[0]?.trim() || null;
}

/** Stages the runtime layer: node, its libraries, passwd/group, nsswitch, /tmp and licence notices. */
function stageRuntime(rootfs: string, node: { path: string; license?: string }): { libraries: string[] } {
  copyInto(rootfs, node.path, NODE_PATH, 0o755);
  if (node.license) copyInto(rootfs, node.license, '/usr/local/share/doc/node/LICENSE', 0o644);
  const libraries = parseLdd(run('ldd', [node.path]));
  for (const lib of libraries) {
    copyInto(rootfs, lib, lib, 0o755);
    const pkg = debianPackageOf(lib) ?? debianPackageOf(realpathSync(lib));
    const copyright = pkg && `/usr/share/doc/${pkg.replace(/:.*$/, '')}/copyright`;
    if (copyright && existsSync(copyright)) copyInto(rootfs, copyright, copyright, 0o644);
  }
  const etc = join(rootfs, 'etc');
  mkdirSync(etc, { recursive: true });
  writeFileSync(
    join(etc, 'passwd'),
    `root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:${NONROOT_UID}:${NONROOT_UID}:nonroot:/nonexistent:/sbin/nologin\n`,
  );
  writeFileSync(join(etc, 'group'), `root:x:0:\nnonroot:x:${NONROOT_UID}:\n`);
  writeFileSync(join(etc, 'nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
  for (const f of ['passwd', 'group', 'nsswitch.conf']) chmodSync(join(etc, f), 0o644);
  mkdirSync(join(rootfs, 'tmp'));
  chmodSync(join(rootfs, 'tmp'), 0o1777);
  for (const dir of walkDirs(rootfs)) if (dir !== join(rootfs, 'tmp')) chmodSync(dir, 0o755);
  return { libraries };
}

function walkDirs(dir: string): string[] {
  const out = [dir];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...walkDirs(join(dir, entry.name)));
  }
  return out;
}

/** Stages the app layer: /app/<name>/ from the tarball or folder, checked for its server. */
function stageApp(rootfs: string, bundle: string, name: string): void {
  const app = join(rootfs, 'app');
  mkdirSync(app, { recursive: true });
  if (statSync(bundle).isDirectory()) {
    run('cp', ['-R', '--no-preserve=ownership', resolve(bundle), join(app, name)]);
  } else {
    run('tar', ['-xzf', resolve(bundle), '-C', app, '--no-same-owner', '--no-same-permissions']);
  }
  for (const file of ['server.mjs']) {
    if (!existsSync(join(app, name, file))) {
      throw new ImageSetupError(`${bundle}: ${name}/${file} is missing; is this the offline docs bundle?`);
    }
  }
}

export async function buildImage(opts: ImageOptions): Promise<ImageResult> {
  const log = opts.log ?? (() => {});
  const root = resolve(__dirname, '..', '..');
  const { name, tag } = bundleName(opts.bundle);
  if (!existsSync(opts.bundle)) throw new ImageSetupError(`${opts.bundle} does not exist; run npm run bundle first`);
  for (const tool of ['umoci', 'tar', 'ldd']) {
    if (!hasCommand(tool)) throw new ImageSetupError(`${tool} is not installed (${HINTS[tool]})`);
  }
  const outDir = resolve(opts.outDir ?? dirname(opts.bundle));
  const epoch = epochOf(opts);
  const created = new Date(epoch * 1000).toISOString();
  const node = opts.node ? { path: opts.node } : nodeBinary(root, log);
  const nodeVersion = run(node.path, ['--version']).trim();
  const arch = ARCH[process.arch];

  const work = mkdtempSync(join(tmpdir(), 'veriq-docs-image-'));
  try {
    const runtimeFs = join(work, 'runtime');
    const appFs = join(work, 'app');
    mkdirSync(runtimeFs);
    mkdirSync(appFs);
    const { libraries } = stageRuntime(runtimeFs, node);
    log(`runtime: node ${nodeVersion} and ${libraries.length} libraries (${libraries.join(', ')})`);
    stageApp(appFs, opts.bundle, name);

    const runtimeTar = join(work, 'runtime.tar');
    const appTar = join(work, 'app.tar');
    // The runtime layer's times are fixed, so its digest changes only with Node or a library and a
    // registry that holds the previous release's image skips its upload.
    const runtimeBytes = layerTar(runtimeFs, readdirSync(runtimeFs).sort(), runtimeTar, 0);
    // Everything in the bundle is readable and nothing is writable but by root.
    const appBytes = layerTar(appFs, ['app'], appTar, epoch, ['--mode=a+rX,go-w']);

    const layout = join(outDir, `${name}.oci`);
    rmSync(layout, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const image = `${layout}:${tag}`;
    const history = (by: string) => ['--history.created', created, '--history.created_by', by];
    run('umoci', ['init', '--layout', layout]);
    run('umoci', ['new', '--image', image]);
    run('umoci', [
      'raw',
      'add-layer',
      '--image',
      image,
      ...history(`node ${nodeVersion} and its libraries`),
      runtimeTar,
    ]);
    run('umoci', ['raw', 'add-layer', '--image', image, ...history(`the offline documentation ${name}`), appTar]);
    const config = imageConfig(name);
    run('umoci', [
      'config',
      '--image',
      image,
      ...history('entrypoint, user, environment and port'),
      '--created',
      created,
      '--author',
      'Veriq',
      '--os',
      'linux',
      '--architecture',
      arch.oci,
      '--config.user',
      config.user,
      ...config.entrypoint.flatMap((arg) => ['--config.entrypoint', arg]),
      ...Object.entries(config.env).flatMap(([k, v]) => ['--config.env', `${k}=${v}`]),
      '--config.exposedports',
      config.exposedPort,
      '--config.label',
      `org.opencontainers.image.title=Veriq documentation ${tag}`,
      '--config.label',
      `org.opencontainers.image.version=${tag}`,
      '--config.label',
      'org.opencontainers.image.vendor=Veriq',
      '--config.label',
      `org.opencontainers.image.created=${created}`,
    ]);
    run('umoci', ['gc', '--layout', layout]);

    const index = JSON.parse(readFileSync(join(layout, 'index.json'), 'utf8')) as {
      manifests: { digest: string; annotations?: Record<string, string> }[];
    };
    const entry = index.manifests.find((m) => m.annotations?.['org.opencontainers.image.ref.name'] === tag);
    if (!entry) throw new Error(`${layout}/index.json has no image tagged ${tag}`);
    const manifest = JSON.parse(readFileSync(blobPath(layout, entry.digest), 'utf8')) as {
      layers: { digest: string; size: number }[];
    };
    const layers = [
      { name: 'runtime', bytes: runtimeBytes, compressedBytes: manifest.layers[0]?.size ?? 0 },
      { name: 'app', bytes: appBytes, compressedBytes: manifest.layers[1]?.size ?? 0 },
    ];

    const archive = join(outDir, `${name}.oci.tar`);
    rmSync(archive, { force: true });
    layerTar(layout, ['oci-layout', 'index.json', 'blobs'], archive, epoch);
    const archiveSha256 = await sha256File(archive);
    writeFileSync(`${archive}.sha256`, `${archiveSha256}  ${basename(archive)}\n`);
    return {
      name,
      tag,
      layout,
      archive,
      archiveSha256,
      manifestDigest: entry.digest,
      layers,
      archiveBytes: statSync(archive).size,
      nodeVersion,
      libraries,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function blobPath(layout: string, digest: string): string {
  const [algorithm, hex] = digest.split(':');
  return join(layout, 'blobs', algorithm, hex);
}

export interface SmokeResult {
  status: number;
  bytes: number;
  uid: number;
  env: string[];
  args: string[];
  ms: number;
}

/** A command's path on this host's PATH. */
function hostCommand(command: string): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  throw new ImageSetupError(`${command} is not installed (${HINTS[command] ?? 'install it'})`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Runs the image as a runtime would, without one: `umoci unpack` makes the runtime bundle (its
 * rootfs and config.json), then its process (args, env, uid) starts under `chroot` in the unpacked
 * rootfs, so only what the image holds is there. PORT is moved to a free port, since 8080 may be
 * taken on the test machine. Needs root (chroot, and umoci unpack keeps the image's owners).
 */
export async function smokeTest(opts: {
  layout: string;
  tag: string;
  path?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<SmokeResult> {
  const log = opts.log ?? (() => {});
  if (process.getuid?.() !== 0) throw new ImageSetupError('the smoke test runs chroot and needs root');
  const work = mkdtempSync(join(tmpdir(), 'veriq-docs-unpack-'));
  const started = Date.now();
  try {
    const bundleDir = join(work, 'bundle');
    run('umoci', ['unpack', '--image', `${opts.layout}:${opts.tag}`, bundleDir]);
    const spec = JSON.parse(readFileSync(join(bundleDir, 'config.json'), 'utf8')) as {
      process: { args: string[]; env: string[]; user: { uid: number; gid: number }; cwd: string };
      root: { path: string };
    };
    const rootfs = join(bundleDir, spec.root.path);
    const port = await freePort();
    const env = spec.process.env.map((e) => (e.startsWith('PORT=') ? `PORT=${port}` : e));
    log(
      `chroot ${rootfs} as ${spec.process.user.uid}:${spec.process.user.gid}: ${spec.process.args.join(' ')} (${env.join(' ')})`,
    );
    // The child's environment is the image's, whose PATH has no chroot: start it by its host path.
    const child = spawn(
      hostCommand('chroot'),
      [`--userspec=${spec.process.user.uid}:${spec.process.user.gid}`, rootfs, ...spec.process.args],
      {
        env: Object.fromEntries(env.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((done) => {
      child.on('exit', (code) => done(code));
      child.on('error', (error) => {
        output += String(error);
        done(-1);
      });
    });
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    try {
      const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
      for (;;) {
        if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode} before answering:\n${output}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}${opts.path ?? '/'}`, { redirect: 'manual' });
          const body = await res.arrayBuffer();
          const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
          return {
            status: res.status,
            bytes: body.byteLength,
            uid,
            env,
            args: spec.process.args,
            ms: Date.now() - started,
          };
        } catch (error) {
          if (Date.now() > deadline)
            throw new Error(`no answer on port ${port} within the time limit (${String(error)}):\n${output}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    } finally {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        await exited;
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `skopeo inspect oci-archive:…`: what a registry push will read from the archive. */
export function inspectArchive(archive: string): {
  Digest: string;
  Architecture: string;
  Os: string;
  Layers: string[];
} {
  return JSON.parse(run('skopeo', ['inspect', `oci-archive:${archive}`])) as {
    Digest: string;
    Architecture: string;
    Os: string;
    Layers: string[];
  };
}
