import { describe, expect, it } from 'vitest';
import { readApiConfig } from './config';

describe('readApiConfig', () => {
  it('defaults to the local stack', () => {
    const config = readApiConfig({});
    expect(config.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(config.supabaseAnonKey).toMatch(/^eyJ/);
  });

  it('treats empty variables as unset and trims a trailing slash', () => {
    expect(readApiConfig({ VITE_SUPABASE_URL: '' }).supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(readApiConfig({ VITE_SUPABASE_URL: 'https://x.supabase.co/' }).supabaseUrl).toBe('https://x.supabase.co');
  });

  it('refuses a URL that is not one', () => {
    expect(() => readApiConfig({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL/);
  });
});
