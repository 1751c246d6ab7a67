import { Button, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfusionGroup } from '../../../shared/api/get-shared-confusion';
import { refusalMessage } from '../../../shared/errorMessage';
import { toaster } from '../../../shared/ui/toaster';
import { useMergeConfusionGroups } from '../api/merge-confusion-groups';

interface MergeGroupProps {
  courseId: string;
  group: ConfusionGroup;
  /** Every group of the session, this one among them. */
  groups: ConfusionGroup[];
}

const shortened = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** "Merge": this group's texts join another group the team picks, and stay there. */
export function MergeGroup({ courseId, group, groups }: MergeGroupProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const others = groups.filter((other) => other.id !== group.id);
  const [into, setInto] = useState('');
  const merge = useMergeConfusionGroups();
  if (others.length === 0) return null;

  if (!open) {
    return (
      <Button
        size="xs"
        variant="outline"
        mt="2"
        onClick={() => {
          setInto(others[0]!.id);
          setOpen(true);
        }}
      >
        {t('Merge')}
      </Button>
    );
  }
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await merge.mutateAsync({ courseId, groupId: group.id, intoGroupId: into });
      toaster.create({ type: 'success', title: t('Success'), description: t('Groups merged') });
      setOpen(false);
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to merge the groups')) });
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('Merge')}>
      <Stack gap="2" mt="2">
        <Field.Root>
          <Field.Label htmlFor={`${id}-merge-into`}>{t('Merge this group into')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id={`${id}-merge-into`} value={into} onChange={(event) => setInto(event.target.value)} autoFocus>
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {shortened(other.top.text)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" size="xs" loading={merge.isPending} loadingText={t('Merging...')}>
            {t('Merge')}
          </Button>
          <Button type="button" size="xs" variant="ghost" onClick={() => setOpen(false)} disabled={merge.isPending}>
            {t('Cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
