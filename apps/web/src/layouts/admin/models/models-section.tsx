import { Navigate, Route, Routes } from 'react-router-dom';
import { ModelCreatePage } from './model-create-page.tsx';
import { ModelDetailPage } from './model-detail-page.tsx';
import { ModelListPage } from './model-list-page.tsx';

/** /models (fine-tuning models by name), /models/create and /models/{modelId} (docs/product-rules.md#admin-back-office). */
export function ModelsSection() {
  return (
    <Routes>
      <Route index element={<ModelListPage />} />
      <Route path="create" element={<ModelCreatePage />} />
      <Route path=":modelId" element={<ModelDetailPage />} />
      <Route path="*" element={<Navigate to="/models" replace />} />
    </Routes>
  );
}
