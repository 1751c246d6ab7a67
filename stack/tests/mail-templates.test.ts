// Hosted Supabase sends the auth e-mails from supabase/templates/*.html and the subjects in
// supabase/config.toml; the local auth server from stack/auth/mail.ts. Each language's words must
// be the same in both, so what the tests read locally is what users get in production.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVITE, SIGN_IN } from '../auth/mail.ts';

const supabaseDir = path.resolve(import.meta.dirname, '../../supabase');
const template = (name: string) => readFileSync(path.join(supabaseDir, 'templates', `${name}.html`), 'utf8');
const config = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');

/** A template's branch for a language: `{{ if eq .Data.language "es" }}` … `{{ else }}` … `{{ end }}`. */
function branch(html: string, language: 'en' | 'es'): string {
  const [spanish, english] = html.split(/\{\{ else \}\}\n/);
  return language === 'es' ? spanish : english;
}

/** The template's `{{ if .Data.invited_to_course }}` … `{{ else }}` … `{{ end }}` for one course (or none). */
function withCourse(html: string, course: string): string {
  return html.replace(
    /\{\{ if \.Data\.invited_to_course \}\}(.*?)\{\{ else \}\}(.*?)\{\{ end \}\}/g,
    (_, named: string, unnamed: string) => (course ? named.replaceAll('{{ .Data.invited_to_course }}', course) : unnamed),
  );
}

// The hosted mailer's expiry (otp_expiry in config.toml) in the texts' minutes.
const MINUTES = Number(/^otp_expiry = (\d+)/m.exec(config)?.[1]) / 60;

describe('the auth e-mails, hosted and local', () => {
  for (const language of ['en', 'es'] as const) {
    it(`say the same in ${language === 'en' ? 'English' : 'Spanish'}`, () => {
      const signIn = SIGN_IN[language];
      const signInHtml = branch(template('sign-in'), language);
      expect(signInHtml).toContain(`<h2>${signIn.heading}</h2>`);
      expect(signInHtml).toContain(`<p>${signIn.code} <strong>{{ .Token }}</strong></p>`);
      expect(signInHtml).toContain(`<p>${signIn.follow} <a href="{{ .ConfirmationURL }}">${signIn.linkText}</a></p>`);
      expect(signInHtml).toContain(`<p>${signIn.expiry(MINUTES)}</p>`);
      expect(signInHtml).toContain(`<p>${signIn.ignore}</p>`);
      expect(config).toContain(signIn.subject);

      const invite = INVITE[language];
      const html = branch(template('invite'), language);
      expect(html).toContain(`<h2>${invite.heading}</h2>`);
      for (const course of ['CS 1 (Intro)', '']) expect(withCourse(html, course)).toContain(`<p>${invite.joined(course)}</p>`);
      expect(html).toContain(`<p>${invite.code} <strong>{{ .Token }}</strong></p>`);
      expect(html).toContain(`<p>${invite.follow} <a href="{{ .ConfirmationURL }}">${invite.linkText}</a></p>`);
      expect(html).toContain(`${invite.expiry(MINUTES).slice(0, -1)}; ${invite.later}`);
      expect(html).toContain(`<p>${invite.ignore}</p>`);
      expect(config).toContain(invite.subject('{{ .Data.invited_to_course }}'));
      expect(config).toContain(invite.subject(''));
    });
  }
});
