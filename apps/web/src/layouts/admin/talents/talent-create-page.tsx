import { adminTalentCreateInput } from '@doppel/validation';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { CreateForm } from '../../../kit/create-form.tsx';
import { trpc } from '../../../trpc/trpc.ts';

/** /talents/create: one name and Create (docs/product-rules.md#admin-back-office), then the new talent's page and "Saved!". */
export function TalentCreatePage() {
  const utils = trpc.useUtils();
  const create = trpc.admin.talents.create.useMutation({ onSuccess: () => void utils.admin.talents.list.invalidate() });
  return (
    <AdminPage>
      <AdminPageHeader
        title="Create talent"
        description="A twin with a name and the default settings. Set its tag, prices and persona next, then invite its managers."
        backTo="/talents"
      />
      <CreateForm
        field="name"
        label="Name"
        placeholder="e.g. Mia Moreno"
        schema={adminTalentCreateInput}
        create={(values) => create.mutateAsync(values)}
        detailPath={(id) => `/talents/${id}`}
      />
    </AdminPage>
  );
}
