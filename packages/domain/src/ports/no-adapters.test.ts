// The domain declares ports and leaves the outside world to packages/integrations: no mail SDK,
// no disk access, no image codec, no cloud or payment SDK in packages/domain/src (tests may use the disk).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const domainSrc = join(import.meta.dirname, '..');

/** Modules that belong in an adapter; a subpath (`node:fs/promises`, `@aws-sdk/client-s3`) counts too. */
const adapterOnly = ['nodemailer', 'node:fs', 'fs', '@aws-sdk', 'openai', 'sharp', 'stripe', 'web-push'];

// Static imports and re-exports (`from '…'`), side-effect imports and dynamic `import('…')`.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isAdapterOnly = (specifier: string): boolean =>
  adapterOnly.some((name) => specifier === name || specifier.startsWith(`${name}/`));

describe('packages/domain imports no adapter', () => {
  it('has no mail SDK, disk access, AWS, OpenAI, sharp, Stripe or web-push import outside tests', () => {
    const offenders = sourceFiles(domainSrc).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(specifiers)]
        .map((match) => match[1] ?? '')
        .filter(isAdapterOnly)
        .map((specifier) => `${relative(domainSrc, file)} imports ${specifier}`),
    );
    expect(offenders, 'move these into an adapter in packages/integrations').toEqual([]);
  });
});
