import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import type { AuthError } from '@supabase/supabase-js';
import { ApiError, fromAuthError } from '../lib/errors';
import { refusalMessage, withoutStatus } from './errorMessage';

const invited = new ApiError(409, 'ta@example.edu has already been invited.', {
  code: 'already_invited',
  params: { email: 'ta@example.edu' },
});

describe('server refusals in the visitor’s language', () => {
  afterEach(() => applyLanguage('en'));

  it('are the server’s English as it is', () => {
    expect(withoutStatus(invited)).toBe('ta@example.edu has already been invited.');
    expect(
      refusalMessage(
        new ApiError(403, 'This class session has ended; feedback can no longer be edited.', { code: 'feedback_edit_closed' }),
        'Failed',
      ),
    ).toBe('This class session has ended; feedback can no longer be edited.');
  });

  it('are translated by code, with the code’s parameters', async () => {
    await applyLanguage('es');
    expect(withoutStatus(invited)).toBe('ta@example.edu ya fue invitado/a.');
    // A reworded English text still translates: the code decides, not the text.
    expect(refusalMessage(new ApiError(403, 'Session over.', { code: 'feedback_edit_closed' }), 'Failed to update feedback')).toBe(
      'Esta sesión de clase terminó; los comentarios ya no se pueden editar.',
    );
  });

  it('fall back to the text (a shared schema’s message) and then to the screen’s own text', async () => {
    await applyLanguage('es');
    expect(refusalMessage(new ApiError(400, 'Please enter a topic', { code: 'invalid_input' }), 'Failed to submit feedback')).toBe(
      'Escribe un tema',
    );
    expect(refusalMessage(new ApiError(503, 'The service is temporarily unavailable.'), 'Failed to submit feedback')).toBe(
      'No se pudieron enviar los comentarios',
    );
  });

  it('know the Before User Created hook’s refusal by its text, and write its list of domains in the language', async () => {
    const refusal = (domains: string) =>
      fromAuthError({
        status: 403,
        message: `ClassPulse here is for staff of ${domains}. Students never need to sign in: use the course search page.`,
      } as AuthError);
    expect(refusal('example.edu')).toMatchObject({ status: 403, code: 'staff_only', params: { domains: 'example.edu' } });
    expect(withoutStatus(refusal('a.edu, b.edu, and c.edu'))).toBe(
      'ClassPulse here is for staff of a.edu, b.edu, and c.edu. Students never need to sign in: use the course search page.',
    );
    await applyLanguage('es');
    expect(withoutStatus(refusal('example.edu and staff.example.edu'))).toBe(
      'Aquí ClassPulse es para el personal de example.edu y staff.example.edu. Los estudiantes nunca necesitan iniciar sesión: usa la página de búsqueda de cursos.',
    );
    expect(withoutStatus(refusal('a.edu, b.edu, and c.edu'))).toContain('de a.edu, b.edu y c.edu.');
  });
});
