import { expect, it } from 'vitest';

it('loading the PostCSS config leaves no process-wide handler behind that would swallow crashes', async () => {
  const listeners = () => [...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')];
  const before = listeners();
  const { default: config } = await import('../postcss.config.js');
  expect(config.plugins).toHaveLength(1);
  expect(listeners()).toEqual(before);
});
