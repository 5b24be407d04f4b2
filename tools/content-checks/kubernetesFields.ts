// Unknown fields in a Kubernetes manifest: the `kubernetes-models` validators accept any extra
// property, while kubectl's default strict field validation rejects it, and a misspelt field such
// as `policyType` would silently change a NetworkPolicy. Field names come from the same package's
// type declarations, read with the TypeScript parser.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

interface Shape {
  /** Field name → the shape of its value (objects, and the items of arrays), or null for a leaf. */
  fields: Map<string, string | null>;
}

const require = createRequire(import.meta.url);
const modelsRoot = dirname(require.resolve('kubernetes-models/package.json'));
const nodeModules = dirname(modelsRoot);
const shapes = new Map<string, Shape | null>();

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('.') ? join(dirname(from), specifier) : join(nodeModules, specifier);
  for (const candidate of [base.replace(/\.js$/, '.d.ts'), `${base}.d.ts`, join(base, 'index.d.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The type name an interface field refers to, through `Array<T>`, `T[]` and unions. */
function referencedName(type: ts.TypeNode | undefined): string | null {
  if (!type) return null;
  if (ts.isArrayTypeNode(type)) return referencedName(type.elementType);
  if (ts.isUnionTypeNode(type)) {
    for (const t of type.types) {
      const name = referencedName(t);
      if (name) return name;
    }
    return null;
  }
  if (ts.isTypeReferenceNode(type)) {
    const name = type.typeName.getText();
    if (name === 'Array' && type.typeArguments?.[0]) return referencedName(type.typeArguments[0]);
    return name;
  }
  return null;
}

function shapeOf(file: string): Shape | null {
  if (shapes.has(file)) return shapes.get(file)!;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const imports = new Map<string, string>();
  let declaration: ts.InterfaceDeclaration | undefined;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const resolved = resolveImport(file, statement.moduleSpecifier.text);
      const named = statement.importClause?.namedBindings;
      if (resolved && named && ts.isNamedImports(named))
        for (const el of named.elements) imports.set(el.name.text, resolved);
    } else if (ts.isInterfaceDeclaration(statement) && !declaration) {
      declaration = statement;
    }
  }
  if (!declaration) {
    shapes.set(file, null); // a type alias (IntOrString, Quantity, Time): a leaf
    return null;
  }
  const fields = new Map<string, string | null>();
  if (declaration.heritageClauses?.some((h) => h.getText().includes('TypeMeta'))) {
    fields.set('apiVersion', null);
    fields.set('kind', null);
  }
  for (const member of declaration.members) {
    if (!ts.isPropertySignature(member) || !member.name) continue;
    const name = ts.isStringLiteral(member.name) ? member.name.text : member.name.getText();
    const ref = referencedName(member.type);
    fields.set(name, ref ? (imports.get(ref) ?? null) : null);
  }
  const shape = { fields };
  shapes.set(file, shape);
  return shape;
}

function walk(value: unknown, file: string | null, path: string, out: string[]) {
  if (!file || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, file, `${path}/${i}`, out));
    return;
  }
  const shape = shapeOf(file);
  if (!shape) return;
  for (const [key, child] of Object.entries(value)) {
    if (!shape.fields.has(key)) {
      out.push(`${path}/${key} is not a field of the Kubernetes API (strict field validation rejects it)`);
      continue;
    }
    walk(child, shape.fields.get(key) ?? null, `${path}/${key}`, out);
  }
}

/** Fields of the manifest that its kind does not have, as JSON pointers. */
export function unknownFields(doc: { apiVersion: string; kind: string }): string[] {
  const group = doc.apiVersion.includes('/') ? doc.apiVersion : 'v1';
  const file = join(modelsRoot, group, `${doc.kind}.d.ts`);
  if (!existsSync(file)) return [];
  const out: string[] = [];
  walk(doc, file, '', out);
  return out;
}
