import { adminModelCreateInput } from '@doppel/validation';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { CreateForm } from '../../../kit/create-form.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { modelPath } from './model-format.ts';

/** /models/create: one name and Create (docs/product-rules.md#admin-back-office), then the new model's page and "Saved!". */
export function ModelCreatePage() {
  const utils = trpc.useUtils();
  const create = trpc.admin.models.create.useMutation({ onSuccess: () => void utils.admin.models.list.invalidate() });
  return (
    <AdminPage>
      <AdminPageHeader
        title="Create model"
        description="A fine-tuning model on the newest base. Add its training examples next, then generate a version."
        backTo="/models"
      />
      <CreateForm
        field="name"
        label="Name"
        placeholder="e.g. Mia Moreno tuned"
        schema={adminModelCreateInput}
        create={async (values) => {
          const { modelId } = await create.mutateAsync({ name: values.name });
          return { id: modelId };
        }}
        detailPath={modelPath}
      />
    </AdminPage>
  );
}
