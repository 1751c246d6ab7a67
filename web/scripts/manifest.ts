// The build's manifest (.vite/manifest.json), as the build scripts read it.

export interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The chunks (as site paths, "/assets/…") of `module` and of everything it imports statically. */
export function moduleChunks(manifest: Manifest, module: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  if (!manifest[module]) throw new Error(`${module} is not a chunk of this build`);
  visit(module);
  return [...files];
}
