import { Alert, Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { legalPaths } from '../../config/links.ts';
import { CrisisServicesTable } from './crisis-services-table.tsx';
import { type LegalPage, legalDocuments } from './legal-content.ts';

/** /terms, /privacy, /cookies and /safety (the crisis protocol): readable signed in or out, in their own small chunk. */
export function LegalLayout({ page }: { page: LegalPage }) {
  const document = legalDocuments[page];
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Container size="md" py="md">
        <Group justify="space-between">
          <BrandLink />
          <Group gap="md">
            {(Object.keys(legalPaths) as LegalPage[]).map((key) => (
              <Anchor
                key={key}
                component={Link}
                to={legalPaths[key]}
                size="sm"
                fw={key === page ? 700 : 400}
                c={key === page ? 'doppel' : 'dimmed'}
              >
                {legalDocuments[key].navLabel}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
      <Container size="sm" pb="xl">
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack gap="lg">
            <Title order={1}>{document.title}</Title>
            {document.isPlaceholder ? (
              <Alert variant="light" color="yellow" icon={<IconInfoCircle />} title="Placeholder">
                {document.intro}
              </Alert>
            ) : (
              <Text size="lg">{document.intro}</Text>
            )}
            {document.sections.map((section) => (
              <div key={section.heading}>
                <Title order={3} mb={4}>
                  {section.heading}
                </Title>
                <Text c="dimmed">{section.text}</Text>
              </div>
            ))}
            {page === 'safety' && <CrisisServicesTable />}
            <Anchor component={Link} to="/" size="sm">
              Back to Doppel
            </Anchor>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
