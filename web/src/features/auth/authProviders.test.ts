import { describe, expect, it } from 'vitest';
import { parseAuthProviders } from './authProviders';

describe('parseAuthProviders', () => {
  it('shows no OAuth button by default', () => {
    expect(parseAuthProviders(undefined)).toEqual([]);
    expect(parseAuthProviders('')).toEqual([]);
  });

  it('keeps known providers in order, once, ignoring case and spacing', () => {
    expect(parseAuthProviders(' Google, github  google,nope')).toEqual([
      { id: 'google', label: 'Google' },
      { id: 'github', label: 'GitHub' },
    ]);
  });
});
