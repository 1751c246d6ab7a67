// Every island, for the build's renderer (render/server.tsx). Same keys as islands.client.ts.
export const islandModules = import.meta.glob<{ default: import('react').ComponentType<Record<string, unknown>> }>('./**/*.island.tsx', {
  eager: true,
});
