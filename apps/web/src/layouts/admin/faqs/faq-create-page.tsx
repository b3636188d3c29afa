import { adminFaqCreateForm } from '@doppel/validation';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { CreateForm } from '../../../kit/create-form.tsx';
import { trpc } from '../../../trpc/trpc.ts';

/** /faqs/create: one name and Create (docs/product-rules.md#admin-back-office), then the new FAQ's page and "Saved!". */
export function FaqCreatePage() {
  const utils = trpc.useUtils();
  const create = trpc.admin.faqs.create.useMutation({ onSuccess: () => void utils.admin.faqs.list.invalidate() });
  return (
    <AdminPage>
      <AdminPageHeader
        title="Create FAQ"
        description="A global FAQ: every twin may answer from it. Add its questions and answers next."
        backTo="/faqs"
      />
      <CreateForm
        field="name"
        label="Name"
        placeholder="e.g. Credits and payments"
        schema={adminFaqCreateForm}
        create={(values) => create.mutateAsync({ name: values.name, talentId: null })}
        detailPath={(id) => `/faqs/${id}`}
      />
    </AdminPage>
  );
}
