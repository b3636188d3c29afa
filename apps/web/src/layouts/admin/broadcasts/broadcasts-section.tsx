import { Navigate, Route, Routes } from 'react-router-dom';
import { BroadcastCreatePage } from './broadcast-create-page.tsx';
import { BroadcastDetailPage } from './broadcast-detail-page.tsx';
import { BroadcastListPage } from './broadcast-list-page.tsx';

/** /broadcasts (newest scheduled first), /broadcasts/create and /broadcasts/{broadcastId} (docs/product-rules.md#admin-back-office). */
export function BroadcastsSection() {
  return (
    <Routes>
      <Route index element={<BroadcastListPage />} />
      <Route path="create" element={<BroadcastCreatePage />} />
      <Route path=":broadcastId" element={<BroadcastDetailPage />} />
      <Route path="*" element={<Navigate to="/broadcasts" replace />} />
    </Routes>
  );
}
