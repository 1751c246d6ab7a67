import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { Stack } from '../../ui/primitives';
import { NotFound } from '../../ui/states';

/** An exact code that matched no course, and what to check. */
export function CourseNotFound() {
  const { t } = useT();
  return (
    <Card.Root variant="outline" borderColor="border.error">
      <Card.Body>
        <NotFound title={t('Course Not Found')} description={t("We couldn't find a course with that code. Please check:")}>
          <Stack as="ul" ps="5" gap="1" listStyleType="disc">
            <li>{t('The spelling of the course code')}</li>
            <li>{t('The exact format, e.g. COSC 1337 (letters, a space, then numbers)')}</li>
            <li>{t('That the course is active this semester')}</li>
          </Stack>
        </NotFound>
      </Card.Body>
    </Card.Root>
  );
}
