import { Box, Button, Card, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useHydrated } from '../../shared/useHydrated';
import { notify } from '../../shared/notify';
import type { FoundCourse } from './api/search-courses';
import { searchCoursesQueryOptions } from './api/search-courses';
import { useTranslation } from 'react-i18next';
import { withNodes } from '../../shared/ui/withNodes';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import { LIGHT_TOASTS } from '../../shared/lightToasts';
import { CourseNotFound, SearchResults } from './SearchResults';

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; code: string; courses: FoundCourse[] };

/** The seed's "Course search": one exact (trimmed) code, results or the "Course Not Found" card. */
export function CourseSearchPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  // A light page's script (web/src/student/courseSearch.ts) searches and draws the results itself.
  const light = useLightPage();
  // A search sent by the browser itself before the app ran (`?code=`) is run when it does.
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const searching = state.status === 'searching';
  const trimmed = code.trim();
  const searchedFromAddress = useRef(false);
  useEffect(() => {
    const fromAddress = params.get('code')?.trim();
    if (searchedFromAddress.current || !fromAddress) return;
    searchedFromAddress.current = true;
    void find(fromAddress);
  });

  function search(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || searching) return;
    void find(trimmed);
  }

  async function find(searched: string) {
    setState({ status: 'searching' });
    try {
      const courses = await queryClient.fetchQuery(searchCoursesQueryOptions(searched));
      setState({ status: 'done', code: searched, courses });
      if (courses.length === 0) {
        const { type, title, description } = LIGHT_TOASTS.courseNotFound;
        notify({ type, title: t(title), description: t(description, { code: searched }) });
      }
    } catch {
      setState({ status: 'idle' });
      const { type, title, description } = LIGHT_TOASTS.searchFailed;
      notify({ type, title: t(title), description: t(description) });
    }
  }

  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <title>{t('Find Your Course · ClassPulse')}</title>
      <Stack gap="8">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="3xl">
            {t('Find Your Course')}
          </Heading>
          <Text color="fg.muted">{t('Enter your course code to view the course and share anonymous feedback.')}</Text>
        </Stack>

        <Card.Root variant="outline">
          <Card.Body>
            <Stack as="form" gap="4" onSubmit={search} role="search" aria-label={t('Course search')}>
              <Field.Root>
                <Field.Label>{t('Course code')}</Field.Label>
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w="full">
                  <Input
                    name="code"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    placeholder={t('e.g. COSC 1337')}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                  />
                  <Button
                    type="submit"
                    colorPalette="blue"
                    disabled={hydrated && (!trimmed || searching)}
                    flexShrink={0}
                    {...(light ? { [LIGHT.busyLabel]: t('Searching...') } : {})}
                  >
                    {searching ? t('Searching...') : t('Search')}
                  </Button>
                </Stack>
                <Field.HelperText>
                  {withNodes(t('Examples: {{first}}, {{second}}'), {
                    first: (
                      <Text as="span" fontWeight="medium">
                        {t('COSC 1337')}
                      </Text>
                    ),
                    second: (
                      <Text as="span" fontWeight="medium">
                        {t('MATH 2413')}
                      </Text>
                    ),
                  })}
                </Field.HelperText>
              </Field.Root>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Box aria-live="polite" {...(light ? { [LIGHT.searchResults]: '' } : {})}>
          {state.status === 'done' && (state.courses.length > 0 ? <SearchResults courses={state.courses} /> : <CourseNotFound />)}
        </Box>

        <Box textAlign="center">
          <Link asChild color="fg.muted">
            <RouterLink to="/">{t('Back to Home')}</RouterLink>
          </Link>
        </Box>
      </Stack>
    </Container>
  );
}
