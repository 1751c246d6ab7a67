import { dataList } from 'styled-system/recipes';
import { useT } from '../../runtime/useT';
import { Card } from '../../ui/Card';
import { Box, Heading, Stack, Text, Wrap } from '../../ui/primitives';
import { Code } from '../../ui/TextPage';
import { DATA_INVENTORY } from './inventory';

/** Every table and column of the database, from inventory.ts (which a test holds to the database). */
export function DataInventory() {
  const { t } = useT();
  const list = dataList({ orientation: { base: 'vertical', md: 'horizontal' }, size: 'sm' });
  return (
    <Stack gap="4">
      <Text>
        {t(
          'Every table of the database, with every column. A test fails when the database gains a table or a column that this list does not name.',
        )}
      </Text>
      <Text>
        {t(
          "Professors' sign-in accounts live in Supabase Auth's own tables (the auth schema): their e-mail address, their sign-in sessions and the browser they signed in with. Students and voters never reach them.",
        )}
      </Text>
      {DATA_INVENTORY.map((table) => (
        <Card.Root
          key={`${table.schema}.${table.name}`}
          size="sm"
          variant="outline"
          as="article"
          aria-labelledby={`table-${table.name}`}
          contentVisibility="auto"
          containIntrinsicSize="auto 16rem"
        >
          <Card.Header>
            <Heading as="h3" size="md" id={`table-${table.name}`}>
              <Code size="lg" wordBreak="break-all">{`${table.schema}.${table.name}`}</Code>
            </Heading>
            <Text>{t(table.holds)}</Text>
          </Card.Header>
          <Card.Body>
            <dl className={list.root}>
              <div className={list.item}>
                <dt className={list.itemLabel}>{t('Who reads it')}</dt>
                <dd className={list.itemValue}>{t(table.readBy)}</dd>
              </div>
              <div className={list.item}>
                <dt className={list.itemLabel}>{t('How long it is kept')}</dt>
                <dd className={list.itemValue}>{t(table.kept)}</dd>
              </div>
              <div className={list.item}>
                <dt className={list.itemLabel}>{t('Columns')}</dt>
                <dd className={list.itemValue}>
                  <Box>
                    <Wrap as="ul" gap="1.5" listStyleType="none">
                      {table.columns.map((column) => (
                        <li key={column}>
                          <Code>{column}</Code>
                        </li>
                      ))}
                    </Wrap>
                  </Box>
                </dd>
              </div>
            </dl>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
