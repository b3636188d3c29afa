// The workspace packages meet only at their declared entry points: an import of `@doppel/x/y`
// must name an entry in x's package.json `exports`, and no relative path reaches into another
// package's folder. The domain names what each entry exports (no `export *`), so an import line
// says what a caller depends on (docs/architecture.md#packages-and-the-direction-of-imports).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const packageDirs = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'package.json')))
    .map((entry) => join(root, group, entry.name)),
);
type Manifest = { name: string; exports?: Record<string, string> };
const manifests = new Map<string, { dir: string; manifest: Manifest }>(
  packageDirs.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    return [manifest.name, { dir, manifest }];
  }),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

const everyFile = ['apps', 'packages', 'scripts', 'bench'].flatMap((dir) => sourceFiles(join(root, dir)));
// Static imports and re-exports, side-effect imports and dynamic `import('…')`.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(specifiers)].map((match) => match[1] ?? '');
const packageOf = (path: string) => packageDirs.find((dir) => path === dir || path.startsWith(dir + sep));

describe('package boundaries', () => {
  it('imports other packages only through their declared entry points', () => {
    const offenders = everyFile.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('@doppel/'))
        .filter((specifier) => {
          const [scope, name, ...rest] = specifier.split('/');
          const target = manifests.get(`${scope}/${name}`);
          if (!target) return true;
          const subpath = rest.length === 0 ? '.' : `./${rest.join('/')}`;
          return !(target.manifest.exports && subpath in target.manifest.exports);
        })
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('never reaches into another package by a relative path', () => {
    const offenders = everyFile.flatMap((file) => {
      const own = packageOf(file);
      return importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => {
          const other = packageOf(resolve(dirname(file), specifier));
          return other !== undefined && other !== own;
        })
        .map((specifier) => `${relative(root, file)} imports ${specifier}`);
    });
    expect(offenders).toEqual([]);
  });

  it('keeps SQL out of the API routers, which call the domain', () => {
    const routers = sourceFiles(join(root, 'apps/api/src/routers'));
    const querying = routers.filter((file) => importsOf(file).includes('drizzle-orm')).map((file) => relative(root, file));
    expect(routers.length).toBeGreaterThan(0);
    expect(querying).toEqual([]);
  });

  it('gives the domain entry points that name their exports, and no root entry', () => {
    const domain = manifests.get('@doppel/domain');
    expect(domain?.manifest.exports).toBeDefined();
    const entries = domain?.manifest.exports ?? {};
    expect(entries['.']).toBeUndefined();
    for (const target of Object.values(entries)) expect(existsSync(join(domain?.dir ?? '', target)), target).toBe(true);
    const reExportsAll = sourceFiles(join(domain?.dir ?? '', 'src'))
      .filter((file) => /^export \* from /m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(reExportsAll).toEqual([]);
  });
});
