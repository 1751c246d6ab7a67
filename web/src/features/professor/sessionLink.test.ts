import { describe, expect, it } from 'vitest';
import { qrFileName, sessionLink, submissionsLabel } from './sessionLink';

describe('sessionLink', () => {
  it('is {origin}/class/{accessToken}', () => {
    expect(sessionLink('https://classpulse.app', 'abc_DEF-123')).toBe('https://classpulse.app/class/abc_DEF-123');
  });
});

describe('qrFileName', () => {
  it('is named after the course code, safe for every file system', () => {
    expect(qrFileName('COSC 1337')).toBe('COSC-1337-qr-code.png');
    expect(qrFileName(' CS/101: A ')).toBe('CS-101-A-qr-code.png');
    expect(qrFileName('ΦΥΣ 101')).toBe('ΦΥΣ-101-qr-code.png');
    expect(qrFileName('***')).toBe('course-qr-code.png');
  });
});

describe('submissionsLabel', () => {
  it('counts in words', () => {
    expect(submissionsLabel(0)).toBe('0 submissions');
    expect(submissionsLabel(1)).toBe('1 submission');
    expect(submissionsLabel(470)).toBe('470 submissions');
  });
});
