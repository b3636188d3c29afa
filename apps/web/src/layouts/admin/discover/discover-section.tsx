import { Navigate, Route, Routes } from 'react-router-dom';
import { DiscoverCreatePage } from './discover-create-page.tsx';
import { DiscoverDetailPage } from './discover-detail-page.tsx';
import { DiscoverListPage } from './discover-list-page.tsx';

/** /public-talents (list), /public-talents/create, /public-talents/{talentId} (docs/product-rules.md#admin-back-office). */
export function DiscoverSection() {
  return (
    <Routes>
      <Route index element={<DiscoverListPage />} />
      <Route path="create" element={<DiscoverCreatePage />} />
      <Route path=":talentId" element={<DiscoverDetailPage />} />
      <Route path="*" element={<Navigate to="/public-talents" replace />} />
    </Routes>
  );
}
