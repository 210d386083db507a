// The generated zod schemas built on first use (main-thread time on every first
// load). @hey-api/openapi-ts writes each schema as a module-level constant, so importing
// generated/zod/zod.gen.ts builds every schema the response check can meet (some 200 objects,
// their checks and regular expressions) in one task while the first answer waits: 20-45 ms at
// full speed, four times that on the bench's phone. Here each one becomes `z.lazy(() => ...)`,
// which zod builds when a value is first checked against it; the response check meets a few
// of them on a first load.
//
// Left as they are: the schemas src/ imports by name (a form takes their shape, `.options` or
// `.check`, which a lazy schema does not have). Their own parts may be lazy: zod reads through
// a lazy schema when it checks a value.
import ts from 'typescript'

/**
 * `source` (zod.gen.ts) with every `export const zName = expression;` but those in `eager`
 * rewritten as `export const zName = z.lazy(() => expression);`. Throws on a declaration of
 * another form, so a change in the generator's output is seen, not skipped.
 */
export function lazySchemas(source, eager) {
  const file = ts.createSourceFile('zod.gen.ts', source, ts.ScriptTarget.Latest, true)
  const edits = []
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) continue
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    if (!ts.isVariableStatement(statement) || !exported) {
      throw new Error(`lazy-schemas: unexpected statement: ${statement.getText().slice(0, 80)}`)
    }
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText()
      const init = declaration.initializer
      if (!init || !/^z[A-Z]/.test(name)) throw new Error(`lazy-schemas: unexpected ${name}`)
      if (eager.has(name)) continue
      edits.push([init.getStart(), init.getEnd()])
    }
  }
  let out = source
  for (const [start, end] of edits.reverse()) {
    out = `${out.slice(0, start)}z.lazy(() => ${out.slice(start, end)})${out.slice(end)}`
  }
  return out
}

/** The zod.gen exports the given sources import by name. */
export function importedByName(files) {
  const names = new Set()
  for (const text of files) {
    if (/import\s*\*\s*as\s+\w+\s+from\s*'~generated\/zod\/zod\.gen'/.test(text)) {
      throw new Error('lazy-schemas: a namespace import of zod.gen; import schemas by name')
    }
    for (const match of text.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'~generated\/zod\/zod\.gen'/g,
    )) {
      for (const part of match[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
        if (name) names.add(name)
      }
    }
  }
  return names
}
