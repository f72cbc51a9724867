/** What the build config reads of a chunk to follow its static imports. */
interface LinkedChunk {
  fileName: string;
  imports: readonly string[];
}

/**
 * The chunks that load with these through static imports, these included: what the browser fetches
 * before their code runs. Shared by the precache list (vite.config.ts) and the daily chunk groups
 * (daily-chunks.ts), which both read the bundle's chunk graph.
 */
export function loadedWith<C extends LinkedChunk>(from: readonly C[], byFile: ReadonlyMap<string, C>): C[] {
  const seen = new Map<string, C>();
  const visit = (chunk: C) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (!imported) throw new Error(`${chunk.fileName} imports ${file}, which is not a chunk of the bundle`);
      visit(imported);
    }
  };
  from.forEach(visit);
  return [...seen.values()];
}
