import { type FormEvent, useEffect, useRef, useState } from 'react';
import { msg } from '../../../i18n/msg';
import { type FoundCourse, searchCourses } from '../../../shared/api/search-courses';
import { readAddress } from '../../runtime/address';
import { DISABLED_WHILE_BLANK_ATTRIBUTE } from '../../runtime/islandMarks';
import { useMounted } from '../../runtime/useMounted';
import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { FormField, Input } from '../../ui/Field';
import { styled } from 'styled-system/jsx';
import { Box, Button, Stack } from '../../ui/primitives';
import { withNodes } from '../../ui/states';
import { notify } from '../../ui/toaster';
import { CourseNotFound } from './CourseNotFound';
import { SearchResults } from './SearchResults';

/** The seed's toasts: an exact code that matched nothing, a search that failed. */
export const SEARCH_TOASTS = {
  courseNotFound: {
    title: msg('Course not found'),
    description: msg('No course found with code "{{code}}". Please check the course code and try again.'),
  },
  searchFailed: { title: msg('Error'), description: msg('Failed to find course. Please try again.') },
} as const;

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; courses: FoundCourse[] };

/**
 * The search form and what it found. Without a script the form is an ordinary GET to this page
 * (`?code=`); that search, sent before the island started, runs as the island starts. The island
 * hydrates on its first use, or at once on an address with `?code=` (CourseSearchPage).
 */
export default function CourseSearch() {
  const { t } = useT();
  const mounted = useMounted();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const searching = state.status === 'searching';
  const trimmed = code.trim();

  async function find(searched: string) {
    setState({ status: 'searching' });
    try {
      const courses = await searchCourses(searched);
      setState({ status: 'done', courses });
      if (courses.length === 0) {
        const { title, description } = SEARCH_TOASTS.courseNotFound;
        notify({ type: 'error', title, description: t(description, { code: searched }) });
      }
    } catch {
      // Nothing shown, and the student can search again.
      setState({ status: 'idle' });
      notify({ type: 'error', ...SEARCH_TOASTS.searchFailed });
    }
  }

  useEffect(() => {
    const fromAddress = readAddress().params.get('code')?.trim();
    if (fromAddress) {
      setCode(fromAddress);
      void find(fromAddress);
    } else if (input.current?.value) {
      // Typed before the island started: kept.
      setCode(input.current.value);
    }
    // Once, as the island starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function search(event: FormEvent) {
    event.preventDefault();
    // The field's own value: a code typed before the island started is in `code` only once the
    // island's first effect has run, and a tap on Search may come before it.
    const searched = (input.current?.value ?? code).trim();
    if (!searched || searching) return;
    void find(searched);
  }

  return (
    <>
      <Card.Root variant="outline">
        <Card.Body>
          <styled.form
            display="flex"
            flexDirection="column"
            gap="4"
            method="get"
            action="/course-search"
            onSubmit={search}
            role="search"
            aria-label={t('Course search')}
          >
            <FormField
              label={t('Course code')}
              required={false}
              helperText={withNodes(t('Examples: {{first}}, {{second}}'), {
                first: <styled.span fontWeight="medium">{t('COSC 1337')}</styled.span>,
                second: <styled.span fontWeight="medium">{t('MATH 2413')}</styled.span>,
              })}
            >
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w="full">
                <Input
                  ref={input}
                  name="code"
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  placeholder={t('e.g. COSC 1337')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
                {/* Enabled in the HTML, so that the form sends itself without a script; until the
                    island runs, the page's loader disables it while the field is blank. Its first
                    render leaves `disabled` to the loader, and every later one sets it. */}
                <Button
                  type="submit"
                  colorPalette="blue"
                  disabled={mounted ? !trimmed || searching : undefined}
                  flexShrink={0}
                  {...{ [DISABLED_WHILE_BLANK_ATTRIBUTE]: '' }}
                >
                  {searching ? t('Searching...') : t('Search')}
                </Button>
              </Stack>
            </FormField>
          </styled.form>
        </Card.Body>
      </Card.Root>

      <Box aria-live="polite">
        {state.status === 'done' && (state.courses.length > 0 ? <SearchResults courses={state.courses} /> : <CourseNotFound />)}
      </Box>
    </>
  );
}
