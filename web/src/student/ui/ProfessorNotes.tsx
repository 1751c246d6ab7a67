import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { SessionNote } from '../../shared/api/get-course-notes';
import { formatSessionDate } from '../../shared/dates';
import { figuresShown } from '../../lib/sessionNotes';
import { figuresLines } from '../../shared/topicComparison';
import { hostMarkup } from '../runtime/hostMarkup';
import { useT } from '../runtime/useT';
import { Box, Heading, Stack, Text } from './primitives';

/** A note as the pages show it: a course page may draw one kept on this device, which has no id. */
export type ShownNote = Pick<SessionNote, 'sessionDate' | 'body' | 'figures'> & { id?: string };

/** "From your professor": the notes a professor posted on class sessions, newest first, each with its follow-up figures once shown. */
export function ProfessorNotes({ notes, showDates = true }: { notes: ShownNote[] | undefined; showDates?: boolean }) {
  if (!notes || notes.length === 0) return null;
  return (
    <NotesSection headingId="professor-notes">
      <Stack as="ul" gap="3" listStyleType="none">
        {notes.map((note, index) => (
          <NoteItem key={note.id ?? index} note={note} showDates={showDates} />
        ))}
      </Stack>
    </NotesSection>
  );
}

/**
 * Session Feedback's notes from the professor: as the host wrote them into the page as it served it
 * (nginx's SSI: render/hostedNotes.tsx), else, on a host that does not, as the island read them.
 * The host's list is HTML the island never draws (hydration keeps it as served). Its section is
 * unseen while the list is empty (by the stylesheet, then, in a browser without `:has()`, once the
 * island runs); the island draws its own notes once it knows the host wrote none, or once its read
 * says otherwise: a page the device kept as served (the service worker's copy) may hold notes
 * changed since.
 */
export function SessionNotes({ notes }: { notes: ShownNote[] | undefined }) {
  // Stack is typed as a div; here it is drawn as the list.
  const hostedList = useRef<HTMLDivElement>(null);
  const [hostedTexts, setHostedTexts] = useState<string[]>();
  useLayoutEffect(() => setHostedTexts(Array.from(hostedList.current?.children ?? [], (item) => item.textContent ?? '')), []);
  const drawRead = hostedTexts !== undefined && (hostedTexts.length === 0 || (notes !== undefined && !sameNotes(hostedTexts, notes)));
  return (
    <>
      <NotesSection headingId="hosted-notes" className={UNSEEN_WHILE_EMPTY} hidden={drawRead}>
        <Stack as="ul" ref={hostedList} gap="3" listStyleType="none" dangerouslySetInnerHTML={{ __html: hostMarkup('notes') }} />
      </NotesSection>
      {drawRead && <ProfessorNotes notes={notes} showDates={false} />}
    </>
  );
}

/** The host writes a note's text alone, and no note with figures (render/hostedNotes.tsx). */
const sameNotes = (hostedTexts: string[], notes: ShownNote[]) =>
  hostedTexts.length === notes.length &&
  notes.every((note, index) => !figuresShown(note.figures) && lineBreaks(note.body) === lineBreaks(hostedTexts[index] ?? ''));

// HTML's parser reads a CR LF in the host's text as LF.
const lineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

// Before any script: a host that wrote no note, or no host at all, leaves the list empty.
const UNSEEN_WHILE_EMPTY = css({ '&:not(:has(li))': { display: 'none' } });

interface NotesSectionProps {
  headingId: string;
  className?: string;
  hidden?: boolean;
  children: ReactNode;
}

function NotesSection({ headingId, className, hidden, children }: NotesSectionProps) {
  const { t } = useT();
  return (
    <Box as="section" aria-labelledby={headingId} className={className} hidden={hidden}>
      <Heading as="h2" size="lg" id={headingId} mb="3">
        {t('From your professor')}
      </Heading>
      {children}
    </Box>
  );
}

/** One note: its date where the page shows dates, its text, and its figures once shown. */
export function NoteItem({ note, showDates }: { note: ShownNote; showDates: boolean }) {
  const { t } = useT();
  return (
    <Box as="li" borderLeftWidth="3px" borderColor="blue.solid" pl="3" data-testid="professor-note">
      {showDates && (
        <Text fontSize="sm" color="fg.muted">
          {formatSessionDate(note.sessionDate)}
        </Text>
      )}
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {note.body}
      </Text>
      {note.figures && figuresShown(note.figures) && (
        <Box fontSize="sm" color="fg.muted" data-testid="note-figures">
          {/* Pending figures are not shown, so the minimum of responses is never said. */}
          {figuresLines(t, note.figures, 0).map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
