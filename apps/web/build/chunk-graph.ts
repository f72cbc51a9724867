import { resolve } from 'node:path';

/** What the build config reads of a chunk to follow its static imports and find a route module's chunk. */
interface LinkedChunk {
  fileName: string;
  imports: readonly string[];
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}

/**
 * The bundle's chunk graph, as the precache list (vite.config.ts) and the daily chunk groups
 * (daily-chunks.ts) both read it.
 */
export function chunkGraph<C extends LinkedChunk>(chunks: readonly C[], root: string) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // A route module is the facade of its own chunk in the scanning build, and one module of its group's
  // chunk in the real one (daily-chunks.ts).
  const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
  return {
    /** The chunks that load with these through static imports, these included: what the browser fetches before their code runs. */
    loadedWith(from: readonly C[]): C[] {
      const seen = new Map<string, C>();
      const visit = (chunk: C) => {
        if (seen.has(chunk.fileName)) return;
        seen.set(chunk.fileName, chunk);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (!imported)
            throw new Error(`${chunk.fileName} imports ${file}, which is not a chunk of the bundle`);
          visit(imported);
        }
      };
      from.forEach(visit);
      return [...seen.values()];
    },
    /** The chunk holding each route module (a path under root), which the router imports. */
    routeChunks(modules: readonly string[]): C[] {
      return modules.map((module) => {
        const chunk = byModule.get(resolve(root, module));
        if (!chunk) throw new Error(`daily route module ${module} is in no chunk (router.tsx?)`);
        return chunk;
      });
    },
  };
}
