import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router-dom';

/**
 * A list's rows as a table (mantine-datatable): a row opens its detail, and on a phone the table
 * scrolls sideways rather than squeezing its columns, with its scrollbar always shown: hidden until
 * hovered (the default), a table wider than the phone read as cut off (issue 26). Paging stays with
 * AdminList's Load more.
 */
export function AdminTable<Item extends { id: string }>({
  items,
  columns,
  linkTo,
  label,
}: {
  items: Item[];
  columns: DataTableColumn<Item>[];
  /** The detail address of a row. */
  linkTo: (item: Item) => string;
  label: string;
}) {
  const navigate = useNavigate();
  return (
    <DataTable<Item>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      scrollAreaProps={{ type: 'auto', offsetScrollbars: 'x' }}
      records={items}
      columns={columns}
      idAccessor="id"
      onRowClick={({ record }) => navigate(linkTo(record))}
      rowStyle={() => ({ cursor: 'pointer' })}
      customRowAttributes={(record) => ({ 'data-testid': 'admin-row', 'data-id': record.id })}
    />
  );
}
