import { Box, Card, Code, DataList, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DATA_INVENTORY } from './inventory';

/** Every table and column of the database, from inventory.ts (which a test holds to the database). */
export function DataInventory() {
  const { t } = useTranslation();
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
        <Card.Root key={`${table.schema}.${table.name}`} size="sm" variant="outline" as="article" aria-labelledby={`table-${table.name}`}>
          <Card.Header>
            <Heading as="h3" size="md" id={`table-${table.name}`}>
              <Code size="lg" wordBreak="break-all">
                {`${table.schema}.${table.name}`}
              </Code>
            </Heading>
            <Text>{t(table.holds)}</Text>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t('Who reads it')}</DataList.ItemLabel>
                <DataList.ItemValue>{t(table.readBy)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('How long it is kept')}</DataList.ItemLabel>
                <DataList.ItemValue>{t(table.kept)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('Columns')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Box>
                    <Wrap as="ul" gap="1.5" listStyleType="none">
                      {table.columns.map((column) => (
                        <li key={column}>
                          <Code>{column}</Code>
                        </li>
                      ))}
                    </Wrap>
                  </Box>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
