import { useT } from '../../runtime/useT';
import { NotFound } from '../../ui/states';

/** An address that names no course (unknown, removed, or no course id at all). */
export function CourseNotFound() {
  const { t } = useT();
  return (
    <NotFound
      page
      centered
      title={t('Course Not Found')}
      description={t("The course you're looking for doesn't exist or may have been removed.")}
      action={{ href: '/course-search', label: t('Search for Another Course') }}
    />
  );
}
