import { resolve } from 'node:path';

/** What the build config reads of a chunk to follow its static imports and find a route module's chunk. */
interface LinkedChunk {
  fileName: string;
  imports: readonly string[];
  facadeModuleId: string | null;
}

/**
 * The bundle's chunk graph, as the precache list (vite.config.ts) and the daily chunk groups
 * (daily-chunks.ts) both read it.
 */
export function chunkGraph<C extends LinkedChunk>(chunks: readonly C[], root: string) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(
    chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]),
  );
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
    /** The chunk of each route module (a path under root); each must be a chunk of its own, which the router imports. */
    routeChunks(modules: readonly string[]): C[] {
      return modules.map((module) => {
        const chunk = byModule.get(resolve(root, module));
        if (!chunk) throw new Error(`daily route module ${module} is not a chunk of its own (router.tsx?)`);
        return chunk;
      });
    },
  };
}
