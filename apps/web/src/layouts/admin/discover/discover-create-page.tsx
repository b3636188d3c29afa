import { createDiscoverEntryInput } from '@doppel/validation';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { CreateForm } from '../../../kit/create-form.tsx';
import { trpc } from '../../../trpc/trpc.ts';

/** /public-talents/create: one talent id and Create (docs/product-rules.md#admin-back-office), then the entry and "Saved!". */
export function DiscoverCreatePage() {
  const create = trpc.admin.discover.create.useMutation();
  return (
    <AdminPage>
      <AdminPageHeader
        title="Add talent to Discover"
        description="The talent's ID is on its page in Talents. It starts hidden; choose its surfaces next."
        backTo="/public-talents"
      />
      <CreateForm
        field="talentId"
        label="Talent ID"
        placeholder="e.g. 8fK2…"
        schema={createDiscoverEntryInput}
        create={(values) => create.mutateAsync(values)}
        detailPath={(id) => `/public-talents/${id}`}
      />
    </AdminPage>
  );
}
