import { crisisServicesByCountry, internationalCrisisServices } from '@doppel/validation';
import { Table, Title } from '@mantine/core';

/** The same table the safety reply reads (@doppel/validation), so the page never lists other numbers. */
export function CrisisServicesTable() {
  const rows = [
    ...Object.values(crisisServicesByCountry).flatMap((country) =>
      country.services.map((service) => ({ where: country.name, ...service })),
    ),
    ...internationalCrisisServices.map((service) => ({ where: 'Anywhere else', ...service })),
  ];
  return (
    <div>
      <Title order={3} mb="xs">
        Crisis services
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped data-testid="crisis-services-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Where</Table.Th>
              <Table.Th>Service</Table.Th>
              <Table.Th>Contact</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.where}-${row.name}`}>
                <Table.Td>{row.where}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  {row.contact} <span style={{ color: 'var(--mantine-color-dimmed)' }}>({row.note})</span>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
