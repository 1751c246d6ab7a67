// Every island's code, one chunk each, loaded by the pages that show it (boot.ts). Same keys as islands.server.ts.
export const islandLoaders = import.meta.glob<{ default: import('react').ComponentType<Record<string, unknown>> }>('./**/*.island.tsx');
