import { Badge, Box, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConfusionGroup, SharedText } from '../api/get-shared-confusion';

interface SharedConfusionListProps {
  groups: ConfusionGroup[];
  /** At most this many groups (Session Insights shows the top few). */
  limit?: number;
  /** Under each group's most shared text (the live view's Reply). */
  renderActions?: (group: ConfusionGroup) => ReactNode;
  /** Beside each text of a group of two or more (the live view's "Not this group"). */
  renderTextActions?: (group: ConfusionGroup, text: SharedText) => ReactNode;
}

/** "1 student", "12 students": how many students share a confusion. */
export const studentCount = (t: TFunction, n: number) => (n === 1 ? t('1 student') : t('{{n}} students', { n }));

/**
 * Texts ranked by how many students share them ("N students"), similar ones grouped under the
 * most shared: the group's count of texts and total, and the others behind a disclosure.
 */
export function SharedConfusionList({ groups, limit, renderActions, renderTextActions }: SharedConfusionListProps) {
  const { t } = useTranslation();
  const shown = limit ? groups.slice(0, limit) : groups;
  const students = (n: number) => studentCount(t, n);
  return (
    <Stack as="ol" gap="2" listStyleType="none">
      {shown.map((group) => (
        <Box as="li" key={group.id} borderWidth="1px" rounded="md" p="3" data-testid="confusion-group">
          <HStack gap="2" mb="1" wrap="wrap">
            <Badge colorPalette="orange" data-testid="group-students">
              {students(group.students)}
            </Badge>
            {group.texts > 1 && (
              <Badge variant="subtle" data-testid="group-texts">
                {t('{{n}} similar texts', { n: group.texts })}
              </Badge>
            )}
          </HStack>
          <Text whiteSpace="pre-line" wordBreak="break-word">
            {group.top.text}
          </Text>
          {group.texts > 1 && renderTextActions?.(group, group.top)}
          {group.others.length > 0 && (
            <chakra.details mt="2">
              <chakra.summary cursor="pointer" fontSize="sm" color="fg.muted">
                {t('Show the other texts')}
              </chakra.summary>
              <Stack as="ul" gap="1" mt="2" ps="4">
                {group.others.map((other) => (
                  <Box as="li" key={other.id} fontSize="sm">
                    <Text as="span" whiteSpace="pre-line" wordBreak="break-word">
                      {other.text}
                    </Text>{' '}
                    <Text as="span" color="fg.muted">
                      ({students(other.students)})
                    </Text>{' '}
                    {renderTextActions?.(group, other)}
                  </Box>
                ))}
              </Stack>
            </chakra.details>
          )}
          {renderActions?.(group)}
        </Box>
      ))}
    </Stack>
  );
}
